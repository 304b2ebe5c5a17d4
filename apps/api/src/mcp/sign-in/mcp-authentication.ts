import type { ApiKeyPrincipal, KeyStore } from '@hotelapi/auth';
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { authenticate, isFailedGuess } from '../../http/plugins/api-key-auth.js';
import type { AccessTokenVerifier } from './access-tokens.js';
import type { ProtectedResource } from './protected-resource.js';

const BEARER = /^Bearer +(\S+) *$/i;
/** A JWT is three base64url parts; anything else is not worth asking the issuer's keys about. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

export interface McpAuthenticationOptions {
  readonly keyStore: KeyStore;
  /** Present when `OAUTH_ISSUER` is configured. */
  readonly accessTokens: AccessTokenVerifier | undefined;
  readonly resource: ProtectedResource;
}

/**
 * Who calls `/mcp`: an API key, as on every keyed route, or, with `OAUTH_ISSUER` configured, an
 * OAuth access token of that issuer whose audience is this resource. Every 401 and 403 carries
 * the MCP authorization spec's challenge, `WWW-Authenticate: Bearer resource_metadata="…"`, so an
 * MCP client finds the Protected Resource Metadata and, from it, where to sign in. Wrong
 * credentials spend the client address's budget of failures, shared with REST.
 */
export function authenticateMcpCaller({ keyStore, accessTokens, resource }: McpAuthenticationOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    // The same budget of failed authentications per address as the REST doors (`requireApiKey`):
    // an address that has spent it gets 429 before its credential is looked at.
    request.server.authFailures.refuseIfExhausted(request);
    try {
      request.principal = await principal(request);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // Throws the 429 once this failure spends the budget.
      if (isFailedGuess(error)) await request.server.authFailures.record(request);
      throw withChallenge(error, resource.metadataUrl(request), accessTokens !== undefined);
    }
  };

  async function principal(request: FastifyRequest): Promise<ApiKeyPrincipal> {
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (accessTokens && presented !== undefined && JWT_SHAPE.test(presented)) {
      return accessTokens(presented, resource.resourceUrl(request));
    }
    return authenticate(keyStore, request);
  }
}

/**
 * The failure with `resource_metadata` added to its Bearer challenge (RFC 9728 §5.1), and a
 * sentence telling a person how to get in: an MCP client that shows the message should leave no
 * one wondering how to sign in.
 */
function withChallenge(failure: ApiFailure, metadataUrl: string, oauth: boolean): ApiFailure {
  const challenge = failure.headers['www-authenticate'];
  if (challenge === undefined) return failure;
  const params = challenge.replace(/^Bearer\s*/i, '');
  const header = `Bearer resource_metadata="${metadataUrl}"${params ? `, ${params}` : ''}`;
  const hint = oauth
    ? ` Or sign in with OAuth: ${metadataUrl} names the authorization server.`
    : ' This server has no OAuth sign-in: an API key is the only way in.';
  const message = failure.status === 401 ? `${failure.message}${hint}` : failure.message;
  return new ApiFailure(failure.code, message, { headers: { ...failure.headers, 'www-authenticate': header }, ...(failure.param ? { param: failure.param } : {}) });
}
