/** How a store answers the plugin: the requests counted in the key's window so far (this one included) and the ms left of it. */
export type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store contract of @fastify/rate-limit (its typings name only `incr` and `child`). */
export interface PluginStore {
  incr(key: string, done: Counted, timeWindow: number, max: number): void;
  read(key: string, done: Counted, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
