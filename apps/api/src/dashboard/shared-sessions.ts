import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Session } from 'fastify';
import { ApiFailure } from '../failures/api-failure.js';
import type { RedisLink } from '../http/rate-limits/redis-link.js';

/** Where every instance of a deployment keeps dashboard sessions: Redis under REDIS_KEY_PREFIX. */
export interface SharedSessionRedis {
  readonly link: RedisLink;
  readonly keyPrefix: string;
}

/** The callbacks @fastify/session's store speaks (an express-session store's shape). */
interface SessionStore {
  set(id: string, session: Session, done: (error?: unknown) => void): void;
  get(id: string, done: (error: unknown, session?: Session | null) => void): void;
  destroy(id: string, done: (error?: unknown) => void): void;
}

/**
 * While Redis is unreachable nobody can be recognised, and signing everyone out on a blip would be
 * worse than a moment's wait: a 503 the page shows, never a 500 or a hang (commands time out fast).
 */
const storeUnreachable = () =>
  new ApiFailure('upstream_unavailable', 'Dashboard sessions are kept in Redis, which is unreachable right now; try again in a moment.', {
    headers: { 'retry-after': '1' },
  });

/**
 * Sessions in Redis, as JSON, each expiring with its cookie; sign-out deletes it, so a copied
 * cookie is worthless on every instance afterwards.
 */
export function redisSessionStore({ link, keyPrefix }: SharedSessionRedis, ttlMs: number): SessionStore {
  const keyOf = (id: string) => `${keyPrefix}dashboard:session:${id}`;
  return {
    set(id, session, done) {
      const expires = session.cookie.expires;
      const ttl = expires instanceof Date ? expires.getTime() - Date.now() : ttlMs;
      link.client.set(keyOf(id), JSON.stringify(session), 'PX', Math.max(1, ttl)).then(
        () => done(),
        () => done(storeUnreachable()),
      );
    },
    get(id, done) {
      link.client.get(keyOf(id)).then(
        (stored) => done(null, stored === null ? null : parsedSession(stored)),
        () => done(storeUnreachable()),
      );
    },
    destroy(id, done) {
      link.client.del(keyOf(id)).then(
        () => done(),
        () => done(storeUnreachable()),
      );
    },
  };
}

/** What we stored; anything unreadable is no session (its user signs in again). */
function parsedSession(stored: string): Session | null {
  try {
    return JSON.parse(stored) as Session;
  } catch {
    return null;
  }
}

/**
 * The cookie-signing key every instance shares, kept in Redis next to the sessions (whoever can
 * read those gains nothing from it). The first instance to need it makes it; it is read again on
 * each request, so a Redis that lost its data and got a new key is followed at once.
 */
export class SharedCookieSigner {
  #key = '';
  #signer: Signer | undefined;

  constructor(private readonly redis: SharedSessionRedis) {}

  /** Brings the key up to date; a 503 while Redis is unreachable. */
  async refresh(): Promise<void> {
    const name = `${this.redis.keyPrefix}dashboard:cookie-key`;
    const client = this.redis.link.client;
    try {
      let key = await client.get(name);
      if (key === null) {
        await client.set(name, randomBytes(32).toString('base64url'), 'NX');
        key = await client.get(name);
      }
      if (key === null) throw new Error('the cookie key vanished as it was made');
      if (key !== this.#key) [this.#key, this.#signer] = [key, new Signer(key)];
    } catch {
      throw storeUnreachable();
    }
  }

  sign = (value: string): string => this.#current().sign(value);
  unsign = (input: string) => this.#current().unsign(input);

  #current(): Signer {
    if (!this.#signer) throw storeUnreachable();
    return this.#signer;
  }
}
