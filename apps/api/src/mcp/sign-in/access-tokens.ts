import type { ApiKeyPrincipal } from '@hotelapi/auth';
import { discoverAuthorizationServerMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ApiFailure } from '../../failures/api-failure.js';
import { grantsOfToken } from './token-grants.js';

/** Checks an OAuth access token presented to `/mcp` for one resource (its URL is the audience). */
export type AccessTokenVerifier = (token: string, audience: string) => Promise<ApiKeyPrincipal>;

/**
 * OAuth 2.1 access tokens (JWT, RFC 9068) of one authorization server, checked with `jose`
 * against the keys it publishes: signature, `iss`, `aud` (this resource's URL), `exp` and `nbf`.
 * The server's `jwks_uri` comes from its metadata (RFC 8414, else OpenID discovery), found with
 * the MCP SDK's own discovery on first use and kept; a failed discovery is tried again on the
 * next token. `jose` caches the key set and fetches it again when a token names a key it lacks,
 * so a key rotation needs no restart.
 *
 * The caller becomes a principal like an API key's: its grants come from the token's scopes or
 * claims (see `grantsOfToken`), and it is rate-limited as `oauth:<sub>`.
 */
export function accessTokenVerifier(issuer: string): AccessTokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const keys = () =>
    (keySet ??= discoverAuthorizationServerMetadata(issuer).then((metadata) => {
      if (!metadata?.jwks_uri) throw new Error(`The authorization server ${issuer} publishes no metadata with a jwks_uri`);
      return createRemoteJWKSet(new URL(metadata.jwks_uri));
    })).catch(() => {
      keySet = undefined;
      throw tokenFailure('authorization_server_unavailable', 'invalid_token', `The authorization server ${issuer} could not be reached to check the token.`);
    });

  return async (token, audience) => {
    const getKey = await keys();
    try {
      const { payload } = await jwtVerify(token, getKey, { issuer, audience, requiredClaims: ['exp', 'sub'] });
      const grants = grantsOfToken(payload);
      if (grants.length === 0) {
        throw tokenFailure('access_token_no_grants', 'insufficient_scope', 'This access token grants no property or chain (no hotel:… scope).');
      }
      const subject = payload.sub ?? 'unknown';
      const client = typeof payload['client_id'] === 'string' ? payload['client_id'] : subject;
      return { keyId: `oauth:${subject}`, label: `OAuth client ${client}`, mode: 'live', grants };
    } catch (error) {
      if (error instanceof ApiFailure) throw error;
      throw refusal(error);
    }
  };
}

function refusal(error: unknown): ApiFailure {
  if (error instanceof errors.JWTExpired) return tokenFailure('access_token_expired', 'invalid_token', 'This access token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
    return tokenFailure('access_token_wrong_audience', 'invalid_token', 'This access token was issued for another resource, not this server’s /mcp.');
  }
  if (error instanceof errors.JOSEError) {
    return tokenFailure('access_token_invalid', 'invalid_token', 'This access token is not valid here: it was not issued and signed by this server’s authorization server.');
  }
  return tokenFailure('authorization_server_unavailable', 'invalid_token', 'The authorization server’s keys could not be fetched to check the token.');
}

/** The failure, with the RFC 6750 `error` code the challenge will carry. */
function tokenFailure(
  code: 'access_token_expired' | 'access_token_wrong_audience' | 'access_token_invalid' | 'access_token_no_grants' | 'authorization_server_unavailable',
  bearerError: 'invalid_token' | 'insufficient_scope',
  message: string,
): ApiFailure {
  return new ApiFailure(code, message, { headers: { 'www-authenticate': `Bearer error="${bearerError}"` } });
}
