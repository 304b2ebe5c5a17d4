import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Where rate-limit budgets are counted right now, as `/readyz` reports it. */
export type RateLimitMode = 'shared' | 'local' | 'local (Redis unreachable)';

/** How long a start waits for Redis before serving with per-instance limits. */
const FIRST_CONNECT_WAIT_MS = 2_000;
/** How often a Redis that failed a command on an open connection is asked whether it answers again. */
const PROBE_EVERY_MS = 1_000;

/**
 * The Redis connection behind shared rate limits, and whether it can be used right now.
 *
 * ioredis reconnects by itself (backing off up to 2 s); while it is not `ready`, commands fail at
 * once instead of queueing (`enableOfflineQueue: false`), so a dead Redis costs a request nothing
 * and the limits fall back to this instance's memory. The change is logged once each way, never
 * once per request.
 */
export class RedisLink {
  readonly client: Redis;
  readonly #log: FastifyBaseLogger;
  #reachable = false;
  #announcedDown = false;
  #generation = 0;
  #probing = false;
  #closed = false;

  private constructor(RedisClient: typeof Redis, url: string, log: FastifyBaseLogger) {
    this.#log = log;
    this.client = new RedisClient(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // A Redis that hangs must not hang the requests it counts.
      commandTimeout: 500,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    this.client.on('ready', () => this.#up());
    this.client.on('error', (error) => this.#down(error));
    this.client.on('close', () => this.#down());
  }

  /** Connects, waiting a little for Redis; an unreachable Redis does not stop the start. */
  static async open(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
    // Loaded only when Redis is configured: a single instance never needs it.
    const { Redis: RedisClient } = await import('ioredis');
    const link = new RedisLink(RedisClient, url, log);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      link.client.connect().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!link.#reachable) link.#down();
    return link;
  }

  /** True when shared counters can be used for the next request. */
  get usable(): boolean {
    return this.#reachable && this.client.status === 'ready';
  }

  /** Counts the connections made: state kept from an earlier one may describe a Redis that restarted empty. */
  get generation(): number {
    return this.#generation;
  }

  get mode(): RateLimitMode {
    return this.usable ? 'shared' : 'local (Redis unreachable)';
  }

  /**
   * A command failed: count locally until ioredis reports the connection ready again, or, when the
   * connection stayed open (a command timed out on a busy Redis) and so will not be reported ready
   * again, until Redis answers a PING.
   */
  commandFailed(error: Error): void {
    this.#down(error);
    if (this.#probing) return;
    this.#probing = true;
    const probe = () => {
      if (this.#closed || this.#reachable || this.client.status !== 'ready') return void (this.#probing = false);
      this.client.ping().then(
        () => {
          this.#probing = false;
          this.#up();
        },
        () => setTimeout(probe, PROBE_EVERY_MS).unref(),
      );
    };
    setTimeout(probe, PROBE_EVERY_MS).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.client.removeAllListeners('close');
    // QUIT lets pending replies arrive; a connection that is not up is simply dropped.
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }

  #up(): void {
    this.#reachable = true;
    this.#generation++;
    if (this.#announcedDown) this.#log.info('Redis reachable again: rate limits are shared across instances');
    this.#announcedDown = false;
  }

  #down(error?: Error): void {
    this.#reachable = false;
    if (this.#announcedDown) return;
    this.#announcedDown = true;
    this.#log.warn(
      { err: error ? { message: error.message } : undefined },
      'Redis unreachable: rate limits are counted per instance until it is back',
    );
  }
}
