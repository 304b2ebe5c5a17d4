import { createRequire } from 'node:module';
import { LeaseStore } from './lease-store.js';
import type { Counted, PluginStore } from './plugin-store.js';
import type { RedisLink } from './redis-link.js';

// The plugin's in-memory LRU store, for while Redis cannot be used.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;

/**
 * A rate-limit store class for the plugin's `store` option: budgets shared by every instance
 * through Redis (spent from leases, see `LeaseStore`) while Redis answers; counted in this
 * instance's memory, by the plugin's own store, while it does not.
 */
export function failoverStore(link: RedisLink, nameSpace: string): new () => PluginStore {
  return class {
    constructor() {
      return new FailoverStore(new LeaseStore(link, nameSpace), new LocalStore(false, false), link);
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
