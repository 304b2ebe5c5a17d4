import type { ApiKeyPrincipal, KeyStore } from '@hotelapi/auth';
import { looksLikeApiKey } from '@hotelapi/auth';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure, authenticationRequired } from '../../failures/api-failure.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key on routes that require one (see `requireApiKey`); null elsewhere. */
    principal: ApiKeyPrincipal | null;
  }
}

/**
 * Gives every request a `principal` (null until a keyed route's hook sets it). Not encapsulated:
 * the rate limiter, registered at the root, reads it to pick the caller's budget.
 */
export const apiKeyAuth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);
  },
  { name: 'api-key-auth' },
);

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Recognises `Authorization: Bearer <API_KEY>`. Missing, malformed and unknown keys are told
 * apart (each a 401 with `WWW-Authenticate: Bearer`) so an integrator sees at once what is wrong.
 */
export function authenticate(keyStore: KeyStore, request: FastifyRequest): ApiKeyPrincipal {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw authenticationRequired('api_key_missing', 'No API key: send "Authorization: Bearer <API_KEY>".');
  }
  const presented = BEARER.exec(header)?.[1];
  if (presented === undefined || !looksLikeApiKey(presented)) {
    throw authenticationRequired(
      'api_key_malformed',
      'The Authorization header must be "Bearer <API_KEY>", with a key that starts sk_live_ or sk_test_.',
    );
  }
  const principal = keyStore.authenticate(presented);
  if (!principal) throw authenticationRequired('api_key_invalid', 'This API key is not valid: it is unknown or has been revoked.');
  return principal;
}

/**
 * An onRequest hook for every route of the context it is added to. A wrong key (malformed or
 * unknown, not a missing one) spends the client address's budget of failures, and an address
 * that has spent it gets 429 before its key is even looked at, so keys cannot be guessed at speed.
 * A callback hook: a known key, the common case, is served without a promise.
 */
export function requireApiKey(keyStore: KeyStore): onRequestHookHandler {
  return (request, _reply, done) => {
    try {
      request.server.authFailures.refuseIfExhausted(request);
      request.principal = authenticate(keyStore, request);
    } catch (error) {
      if (isFailedGuess(error)) {
        request.server.authFailures.record(request).then(() => done(error), done);
      } else {
        done(error as Error);
      }
      return;
    }
    done();
  };
}

/**
 * A refused credential (malformed, unknown, revoked, an invalid access token): what spends the
 * address's budget of failures on every door, REST and `/mcp`. A missing one guesses nothing.
 */
export function isFailedGuess(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure && error.status === 401 && error.code !== 'api_key_missing';
}

/** The caller's principal on a keyed route; a route outside the keyed context is a wiring bug. */
export function principalOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.principal) throw new Error(`${request.routeOptions.url} is served without the API-key hook`);
  return request.principal;
}
