import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One unit of work that calls data sources, usually a request: how long it may still wait on
 * them, and whether any answer it got was a kept (stale) one. The resilience wrapper reads and
 * marks the scope of the work it runs in; no port signature has to carry it.
 */
export interface ConnectorScope {
  /** `Date.now()` after which no call of this work may still be waiting. */
  readonly deadlineAt: number;
  /** Set when a source failed and a kept answer was served in its place. */
  stale: boolean;
}

const scopes = new AsyncLocalStorage<ConnectorScope>();

/** A scope that may wait on data sources `deadlineMs` from now. */
export function connectorScope(deadlineMs: number): ConnectorScope {
  return { deadlineAt: Date.now() + deadlineMs, stale: false };
}

/** Runs `work` (and everything it awaits) in `scope`. */
export function runInConnectorScope<T>(scope: ConnectorScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope of the work running now, if any. */
export function currentConnectorScope(): ConnectorScope | undefined {
  return scopes.getStore();
}
