import { formatGrant, type ApiKeyPrincipal } from '@hotelapi/auth';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/**
 * The principal behind each AuthInfo we hand to the SDK. AuthInfo's `extra` is an untyped bag any
 * code could fill; a WeakMap keeps the principal typed, unforgeable, and gone with its request.
 */
const principals = new WeakMap<AuthInfo, ApiKeyPrincipal>();

/**
 * The caller's key as the MCP SDK carries it from the transport (`req.auth`) to every request
 * handler (`extra.authInfo`). `token` holds the key id, never the secret: nothing past
 * authentication needs the secret, so it travels no further.
 */
export function authInfoFor(principal: ApiKeyPrincipal): AuthInfo {
  const authInfo: AuthInfo = { token: principal.keyId, clientId: principal.keyId, scopes: principal.grants.map(formatGrant) };
  principals.set(authInfo, principal);
  return authInfo;
}

/** The principal of a request's AuthInfo. Without one the route skipped authentication: a wiring bug. */
export function principalIn(authInfo: AuthInfo | undefined): ApiKeyPrincipal {
  const principal = authInfo && principals.get(authInfo);
  if (!principal) throw new Error('MCP request handled without the API key of its HTTP request');
  return principal;
}
