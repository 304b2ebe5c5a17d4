import { connectorScope, runInConnectorScope, type ConnectorScope } from '@hotelapi/connectors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's calls to data sources: their shared deadline, and whether an answer was stale. */
    connectorScope: ConnectorScope | null;
  }
}

export interface ConnectorScopeOptions {
  /** How long a request may wait on data sources in all (`CONNECTOR_DEADLINE_MS`). */
  readonly deadlineMs: number;
}

/**
 * Runs every handler in a connector scope: its data-source calls share one deadline,
 * `deadlineMs` from the moment the request is handled, and a response built from a kept (stale)
 * answer says so with `X-Data-Stale: true` (envelopes also carry `metadata.stale`). Not
 * encapsulated: every route, REST and MCP, reads data through the same guarded connectors.
 *
 * preHandler, not onRequest: a body is read from socket events outside the request's async
 * context, and the scope must reach the handler.
 */
export const connectorScopes = fp(
  async (app: FastifyInstance, { deadlineMs }: ConnectorScopeOptions) => {
    app.decorateRequest('connectorScope', null);
    app.addHook('preHandler', (request, _reply, done) => {
      const scope = connectorScope(deadlineMs);
      request.connectorScope = scope;
      runInConnectorScope(scope, done);
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.connectorScope?.stale) reply.header('x-data-stale', 'true');
      done(null, payload);
    });
  },
  { name: 'connector-scope' },
);
