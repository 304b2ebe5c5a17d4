import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis-link.js';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store contract of @fastify/rate-limit (its typings name only `incr` and `child`). */
interface PluginStore {
  incr(key: string, done: Counted, timeWindow: number, max: number): void;
  read(key: string, done: Counted, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}

// The plugin's own Redis store (an atomic Lua INCR + PEXPIRE) and its in-memory LRU store.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;

/**
 * A rate-limit store class for the plugin's `store` option: budgets counted in Redis, shared by
 * every instance, while Redis answers; in this instance's memory while it does not. No counting
 * code of our own: both halves are the plugin's stores.
 */
export function failoverStore(link: RedisLink, nameSpace: string): new () => PluginStore {
  return class {
    constructor() {
      return new FailoverStore(new RedisStore(false, false, link.client, nameSpace), new LocalStore(false, false), link);
    }
  } as unknown as new () => PluginStore;
}

class FailoverStore implements PluginStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly link: RedisLink,
  ) {}

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    this.#count('incr', key, done, timeWindow, max);
  }

  read(key: string, done: Counted, timeWindow: number, max: number): void {
    this.#count('read', key, done, timeWindow, max);
  }

  child(routeOptions: unknown): PluginStore {
    return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.link);
  }

  #count(method: 'incr' | 'read', key: string, done: Counted, timeWindow: number, max: number): void {
    if (!this.link.usable) return this.local[method](key, done, timeWindow, max);
    this.shared[method](
      key,
      (error, result) => {
        if (!error) return done(null, result);
        this.link.commandFailed(error);
        this.local[method](key, done, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
}
