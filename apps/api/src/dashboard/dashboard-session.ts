import { randomBytes } from 'node:crypto';
import type { ApiKeyPrincipal } from '@hotelapi/auth';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiFailure } from '../failures/api-failure.js';
import { redisSessionStore, SharedCookieSigner, type SharedSessionRedis } from './shared-sessions.js';

declare module 'fastify' {
  interface Session {
    /** Who signed in, with the grants of their key or identity; absent before sign-in. */
    principal?: ApiKeyPrincipal;
    /** The token every state-changing call must echo (X-CSRF-Token). */
    csrfToken?: string;
    /** An OIDC sign-in under way: what the callback must match. */
    pendingSignIn?: { readonly state: string; readonly nonce: string; readonly codeVerifier: string };
  }
}

export const SESSION_COOKIE = 'hotel_dashboard';
/** Sessions kept at once; the oldest unused is forgotten first (its user signs in again). */
const MAX_SESSIONS = 10_000;

/**
 * Server-side sessions: the cookie holds only a random, signed id (HttpOnly, Secure, SameSite=Lax,
 * path /dashboard); sign-out deletes the record, so a copied cookie is worthless afterwards.
 * With Redis, every instance shares the sessions and the signing key, and they outlive restarts;
 * without, they live in this process's memory, bounded and expiring.
 */
export async function registerSessions(app: FastifyInstance, ttlMs: number, redis?: SharedSessionRedis): Promise<void> {
  await app.register(fastifyCookie);
  const shared = redis ? sharedSessions(app, redis, ttlMs) : undefined;
  await app.register(fastifySession, {
    ...(shared ?? instanceSessions(ttlMs)),
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, secure: true, sameSite: 'lax', path: '/dashboard', maxAge: ttlMs },
  });
}

function instanceSessions(ttlMs: number) {
  const sessions = new LRUCache<string, Session>({ max: MAX_SESSIONS, ttl: ttlMs });
  return {
    // A key of this process's own signs its ids: nobody else can read its sessions anyway.
    secret: randomBytes(32).toString('base64url'),
    store: {
      set: (id: string, session: Session, done: (error?: unknown) => void) => done(void sessions.set(id, session)),
      get: (id: string, done: (error: null, session: Session | null) => void) => done(null, sessions.get(id) ?? null),
      destroy: (id: string, done: (error?: unknown) => void) => done(void sessions.delete(id)),
    },
  };
}

function sharedSessions(app: FastifyInstance, redis: SharedSessionRedis, ttlMs: number) {
  const signer = new SharedCookieSigner(redis);
  // Before @fastify/session's own hook, which unsigns the cookie.
  app.addHook('onRequest', () => signer.refresh());
  return { secret: signer, store: redisSessionStore(redis, ttlMs) };
}

/** The signed-in user of a data route; 401 (the page shows sign-in) otherwise. */
export function signedInPrincipal(request: FastifyRequest): ApiKeyPrincipal {
  const principal = request.session.get('principal');
  if (!principal) throw new ApiFailure('access_token_invalid', 'Sign in to the dashboard: this browser has no signed-in session (none, expired, signed out or not one of ours).');
  return principal;
}

/** This session's CSRF token, made on first need. */
export function csrfTokenOf(request: FastifyRequest): string {
  let token = request.session.get('csrfToken');
  if (!token) {
    token = randomBytes(24).toString('base64url');
    request.session.set('csrfToken', token);
  }
  return token;
}

/**
 * Signs `principal` in: a new session id (an id planted before sign-in is worth nothing after),
 * a new CSRF token, nothing else carried over.
 */
export async function signIn(request: FastifyRequest, principal: ApiKeyPrincipal): Promise<void> {
  await request.session.regenerate();
  request.session.set('principal', principal);
  csrfTokenOf(request);
}
