import { declareCache, type CountedCache } from '@hotelapi/caches';
import type { Redis } from 'ioredis';
import type { Counted, PluginStore } from './plugin-store.js';
import type { RedisLink } from './redis-link.js';

/**
 * Grants up to ARGV[3] requests of a window's budget (ARGV[2]) to one instance, never past the
 * budget: the shared counter is the sum of every grant, so every instance's admissions together
 * stay within it. The first grant of a window starts the window (ARGV[1] ms).
 * Answers the grant, the counter after it, the window's ttl in ms, and 1 when the window is new.
 */
const CLAIM = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
local fresh = 0
if ttl == -2 then fresh = 1 end
local granted = math.max(0, math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) - count))
if granted > 0 then count = redis.call('INCRBY', KEYS[1], granted) end
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  if fresh == 0 or granted > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
end
return {granted, count, ttl, fresh}
`;

interface ClaimingClient {
  claimRateLimitBudget(key: string, windowMs: number, max: number, wanted: number): Promise<[number, number, number, number]>;
}

/** The share of a budget an instance claims at a time: small, so a key held elsewhere is refused only that much early. */
const SLICES_PER_BUDGET = 20;
const sliceOf = (max: number) => Math.max(1, Math.floor(max / SLICES_PER_BUDGET));

/** A claim in flight; the requests waiting for it (`joined`) take its grant first. */
interface Claim {
  readonly wanted: number;
  joined: number;
  /** The claim's failure, or nothing once its grant is in the lease; never rejects. */
  readonly answer: Promise<Error | undefined>;
}

/** What this instance holds of a budget's current window. */
interface Lease {
  /** The link's connection it was granted on: a reconnected Redis may have lost the counter. */
  readonly generation: number;
  /** Local clock; unknown until the first grant answers. */
  endsAt: number;
  /** Granted to this instance and not yet spent. */
  unspent: number;
  /** The shared counter at the last answer (every instance's grants). */
  count: number;
  /** Every request of the window is granted: refuse here until it ends, no round trip. */
  exhausted: boolean;
  claimsInFlight: number;
  /** The claim waiting requests may still join. */
  open: Claim | undefined;
}

const LEASES = declareCache({
  name: 'rate-limit-leases',
  key: 'a budget (API key, chain and client address, or client address) shared through Redis',
  max: 10_000,
  invalidation: 'its window: a lease is dropped at its first use after the window ends, or when Redis reconnects; one evicted early gives up its unspent requests (refused early, never over the budget)',
});

/**
 * A store for @fastify/rate-limit that spends budgets shared through Redis without a round trip
 * per request: the instance claims a slice of a key's window budget at a time, spends it locally,
 * and claims the next one in the background when half is spent. A request waits for Redis only
 * when its instance holds nothing for the key and no claim has answered. Where a slice is one
 * request (a budget under 40), each request claims its own and nothing is claimed ahead: exact, as
 * when every request counted in Redis.
 */
export class LeaseStore implements PluginStore {
  readonly #leases: CountedCache<string, Lease> = LEASES.create();
  readonly #client: Redis & ClaimingClient;

  constructor(
    private readonly link: RedisLink,
    private readonly nameSpace: string,
  ) {
    if (!('claimRateLimitBudget' in link.client)) link.client.defineCommand('claimRateLimitBudget', { numberOfKeys: 1, lua: CLAIM });
    this.#client = link.client as Redis & ClaimingClient;
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    const now = Date.now();
    const lease = this.#leaseOf(key, now);
    if (lease.unspent > 0) {
      lease.unspent--;
      const slice = sliceOf(max);
      if (slice > 1 && !lease.exhausted && lease.claimsInFlight === 0 && lease.unspent <= slice / 2) {
        this.#claim(key, lease, slice - lease.unspent, timeWindow, max);
      }
      // Granted, so admitted, even if the key's budget was lowered since.
      return done(null, { current: Math.min(max, Math.max(1, lease.count - lease.unspent)), ttl: Math.max(0, lease.endsAt - now) });
    }
    if (lease.exhausted) return done(null, { current: max + 1, ttl: Math.max(0, lease.endsAt - now) });
    const claim = lease.open && lease.open.joined < lease.open.wanted ? lease.open : this.#claim(key, lease, sliceOf(max), timeWindow, max);
    claim.joined++;
    void claim.answer.then((error) => (error ? done(error) : this.incr(key, done, timeWindow, max)));
  }

  /** A look without spending: what this instance knows of the key. */
  read(key: string, done: Counted): void {
    const lease = this.#leases.peek(key);
    const ttl = lease ? lease.endsAt - Date.now() : 0;
    done(null, lease && ttl > 0 && Number.isFinite(ttl) ? { current: Math.max(0, lease.count - lease.unspent), ttl } : { current: 0, ttl: 0 });
  }

  child(routeOptions: { routeInfo?: { method?: string; url?: string } }): PluginStore {
    return new LeaseStore(this.link, `${this.nameSpace}${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}-`);
  }

  #leaseOf(key: string, now: number): Lease {
    const kept = this.#leases.get(key);
    if (kept && kept.generation === this.link.generation && kept.endsAt > now) return kept;
    const lease: Lease = { generation: this.link.generation, endsAt: Infinity, unspent: 0, count: 0, exhausted: false, claimsInFlight: 0, open: undefined };
    this.#leases.set(key, lease);
    return lease;
  }

  #claim(key: string, lease: Lease, wanted: number, timeWindow: number, max: number): Claim {
    const sentAt = Date.now();
    lease.claimsInFlight++;
    const answer = this.#client
      .claimRateLimitBudget(this.nameSpace + key, timeWindow, max, wanted)
      .then((reply) => grant(lease, reply, sentAt, max))
      .then(
        () => undefined,
        (error: Error) => {
          if (this.#leases.peek(key) === lease) this.#leases.delete(key);
          this.link.commandFailed(error);
          return error;
        },
      )
      .finally(() => {
        lease.claimsInFlight--;
        if (lease.open === claim) lease.open = undefined;
      });
    const claim: Claim = { wanted, joined: 0, answer };
    lease.open = claim;
    return claim;
  }
}

/** Adds a claim's answer to the lease. */
function grant(lease: Lease, [granted, count, ttl, fresh]: [number, number, number, number], sentAt: number, max: number): void {
  // What was held of an ended window is not this one's to spend.
  if (fresh === 1 || lease.endsAt <= Date.now()) lease.unspent = 0;
  // Timed from when the claim left: the window ends here no later than in Redis.
  lease.endsAt = sentAt + ttl;
  lease.unspent += granted;
  lease.count = count;
  lease.exhausted = count >= max;
}
