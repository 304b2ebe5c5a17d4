import { formatGrant, type ApiKeyPrincipal } from '@hotelapi/auth';
import type { SupportedLanguage } from '@hotelapi/domain';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { FastifyBaseLogger } from 'fastify';

/** Who calls a tool, and what answering them needs from the HTTP request that carried the call. */
export interface McpCaller {
  /** The API key: its id and the grants that say which properties it may read. */
  readonly principal: ApiKeyPrincipal;
  /** Negotiated from Accept-Language: the language of the summary and of translated fields. */
  readonly language: SupportedLanguage;
  /** The raw header, for a tool whose own argument may override it (`lang`). */
  readonly acceptLanguage: string | undefined;
  /** The origin the HTTP request reached (`https://host:port`): where this service's own links point. */
  readonly origin: string;
  /** Our request id (`X-Request-Id`), quoted in the message of an unexpected failure. */
  readonly requestId: string;
  /** Where an unexpected failure is reported (the request's logger, so it carries the request id). */
  readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * The caller as the MCP SDK carries it: the transport takes it as `req.auth` and hands it to
 * every request handler as `extra.authInfo`. `token` holds the key id, never the secret: nothing
 * past authentication needs the secret, so it travels no further.
 */
export function authInfoFor(caller: McpCaller): AuthInfo {
  const { keyId, grants } = caller.principal;
  return { token: keyId, clientId: keyId, scopes: grants.map(formatGrant), extra: { caller } };
}

/**
 * The caller `authInfoFor` put in a request's auth info. The SDK types `extra` as an open bag;
 * only our route fills it, so what is there is ours. Without it the route skipped
 * authentication: a wiring bug, not a client error.
 */
export function callerOf(authInfo: AuthInfo | undefined): McpCaller {
  const caller = callerIn(authInfo);
  if (!caller) throw new Error('MCP request handled without the caller of its HTTP request');
  return caller;
}

/** The caller, if the request carries one: where a failure is reported even when the wiring is wrong. */
export function callerIn(authInfo: AuthInfo | undefined): McpCaller | undefined {
  return authInfo?.extra?.['caller'] as McpCaller | undefined;
}
