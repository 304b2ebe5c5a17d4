import type { KeyStore } from '@hotelapi/auth';
import type { AttemptInfo, DeliveryJob, EventLog, ReadableEvents, RetrySchedule, WebhookPorts, WebhookSubscription } from '@hotelapi/connectors';
import { retryDelaySeconds } from '@hotelapi/connectors';
import type { DeliveryOutcome, HotelEvent, LoggedEvent } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import { readableBy } from '../events/feed.js';
import type { DeliveryWorker } from './delivery-worker.js';
import { mayRead, takes } from './matching.js';
import { tolerancesInUse } from './tolerances.js';

/** Events the relay reads from the log at a time. */
const RELAY_BATCH = 500;
/** The relay also looks at the log this often, for a wake-up it missed. */
const RELAY_POLL_MS = 2_000;
/** Delivery attempts (and dead letters) are kept this long, then forgotten. */
export const ATTEMPTS_KEPT_MS = 30 * 24 * 60 * 60 * 1_000;
const PRUNE_EVERY_MS = 60 * 60 * 1_000;
/** When the store cannot be opened at start (PostgreSQL away, a role without rights), tried again this often. */
const REOPEN_EVERY_MS = 5_000;

export interface WebhookEngineOptions {
  readonly events: EventLog;
  /** The API keys: each event is judged by its subscription's owner key as it is now. */
  readonly keys: Pick<KeyStore, 'principalOfKey'>;
  /** Opens the store and the queue (PostgreSQL's may fail at start: it is tried again meanwhile). */
  readonly openPorts: () => Promise<WebhookPorts>;
  /** Signs and POSTs each attempt in a worker thread, off this event loop. */
  readonly worker: Pick<DeliveryWorker, 'post' | 'close'>;
  readonly schedule: RetrySchedule;
  /** Told of each attempt's outcome and duration (metrics). */
  readonly onAttempt?: (outcome: DeliveryOutcome, durationMs: number, event: HotelEvent) => void;
  readonly onError: (error: unknown, doing: string) => void;
}

/**
 * Turns the event log into deliveries: a relay follows the log's sequence from its committed
 * position and enqueues one job per event and subscription that takes it; the queue's workers
 * hand each to the delivery thread, which signs and POSTs it, and record the attempt. A failure is
 * retried on the queue's schedule (a thread that died failed its attempts in flight); after the
 * last retry the event is a dead letter and the subscription `failing`; a 410 disables it.
 * Both the relay and each attempt read the owner key's grants afresh: a revoked or expired key's
 * subscriptions are disabled and get nothing more; narrowed grants take effect on the next event.
 */
export class WebhookEngine {
  readonly #options: WebhookEngineOptions;
  #relaying: Promise<void> | undefined;
  #again = false;
  #stopListening: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pruner: NodeJS.Timeout | undefined;
  #closed = false;
  #ports: WebhookPorts | undefined;
  #reopen: NodeJS.Timeout | undefined;

  constructor(options: WebhookEngineOptions) {
    this.#options = options;
  }

  /** True once the store and the queue are open. */
  get ready(): boolean {
    return this.#ports !== undefined;
  }

  get store() {
    return this.#open().store;
  }

  get queue() {
    return this.#open().queue;
  }

  /**
   * Opens the ports and starts relaying and delivering. A store that cannot be opened does not
   * stop the API from serving: webhook requests answer 503 until a later try succeeds.
   */
  async start(): Promise<void> {
    try {
      this.#ports = await this.#options.openPorts();
    } catch (error) {
      this.#options.onError(error, 'opening the webhook store (tried again every 5 s; webhook requests answer 503 meanwhile)');
      this.#reopen = setTimeout(() => void this.start(), REOPEN_EVERY_MS);
      this.#reopen.unref();
      return;
    }
    if (this.#closed) {
      await this.#closePorts();
      return;
    }
    this.#stopListening = this.#options.events.onAppended(() => this.wake());
    this.#timer = setInterval(() => this.wake(), RELAY_POLL_MS);
    this.#timer.unref();
    this.#pruner = setInterval(() => {
      this.store.pruneAttempts(new Date(Date.now() - ATTEMPTS_KEPT_MS)).catch((error: unknown) => this.#options.onError(error, 'pruning webhook attempts'));
    }, PRUNE_EVERY_MS);
    this.#pruner.unref();
    await this.queue.work((job, attempt) => this.#deliver(job, attempt));
    this.wake();
  }

  /** Runs the relay now (again after the current run, when one is running). */
  wake(): void {
    if (this.#closed || !this.#ports) return;
    if (this.#relaying) {
      this.#again = true;
      return;
    }
    this.#relaying = this.#relayAll()
      .catch((error: unknown) => this.#options.onError(error, 'relaying events to webhooks'))
      .finally(() => {
        this.#relaying = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** The distinct parity tolerances of the subscriptions that take parity events (the parity watcher evaluates each). */
  async tolerancesInUse(): Promise<readonly number[]> {
    return this.#ports ? tolerancesInUse(this.#ports.store) : [];
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopListening?.();
    clearInterval(this.#timer);
    clearInterval(this.#pruner);
    clearTimeout(this.#reopen);
    await this.#relaying;
    await this.#closePorts();
    await this.#options.worker.close();
  }

  async #closePorts(): Promise<void> {
    const ports = this.#ports;
    this.#ports = undefined;
    await ports?.queue.close();
    await ports?.store.close?.();
  }

  #open(): WebhookPorts {
    if (this.#ports) return this.#ports;
    throw new ApiFailure('upstream_unavailable', 'Webhooks are not available yet: their store cannot be opened; retry shortly.', { headers: { 'retry-after': '5' } });
  }

  async #relayAll(): Promise<void> {
    let full = true;
    while (full && !this.#closed) {
      let read = 0;
      await this.queue.relay(async (position) => {
        // Whole only the events of types some subscription takes: no payload read for nobody.
        const audience = await this.#audience();
        const { read: count, last, events } = await this.#options.events.follow({ after: position, limit: RELAY_BATCH, whole: audience.flatMap(({ subscription }) => subscription.types) });
        read = count;
        return { jobs: fanOut(events, audience), position: last };
      });
      full = read === RELAY_BATCH;
    }
  }

  async #deliver({ subscriptionId, event }: DeliveryJob, attempt: AttemptInfo): Promise<void> {
    const { store } = this;
    const subscription = await store.get(subscriptionId);
    // Deleted or disabled since: nothing to deliver, nothing to retry.
    if (!subscription || subscription.status === 'disabled') return;
    // Its key revoked or its grants narrowed since the job was queued: not for this receiver any more.
    const readable = await this.#ownerReads(subscription);
    if (!readable || !mayRead(readable, event)) return;
    const at = new Date();
    const answer = await this.#options.worker.post(subscription.url, event, await store.signingSecrets(subscription.id, at), at);
    const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const outcome: DeliveryOutcome = delivered ? 'delivered' : answer.status === 410 ? 'gone' : attempt.last ? 'dead' : 'failed';
    const nextAttemptAt = outcome === 'failed' ? new Date(Date.now() + retryDelaySeconds(this.#options.schedule, attempt.number, 0) * 1_000) : null;
    await store.recordAttempt({
      subscriptionId,
      eventId: event.id,
      type: event.type,
      attempt: attempt.number,
      outcome,
      responseStatus: answer.status,
      error: answer.detail,
      durationMs: answer.durationMs,
      attemptedAt: at,
      nextAttemptAt,
      event,
    });
    this.#options.onAttempt?.(outcome, answer.durationMs, event);
    if (outcome === 'gone') await store.update(subscriptionId, undefined, { status: 'disabled' });
    else if (outcome === 'dead') await store.update(subscriptionId, undefined, { status: 'failing' });
    else if (outcome === 'delivered' && subscription.status === 'failing') await store.update(subscriptionId, undefined, { status: 'active' });
    // The queue retries a job whose handler throws.
    if (outcome === 'failed') throw new Error(`delivery of ${event.id} failed: ${answer.status ?? answer.detail}`);
  }

  /** The deliverable subscriptions with what their owner keys may read now (those of keys gone are disabled). */
  async #audience(): Promise<Audience[]> {
    const audience: Audience[] = [];
    for (const subscription of await this.store.deliverable()) {
      const readable = await this.#ownerReads(subscription);
      if (readable) audience.push({ subscription, readable });
    }
    return audience;
  }

  /** What the owner key's current grants read; `undefined`, and the subscription disabled, when the key is revoked, expired or unknown. */
  async #ownerReads(subscription: WebhookSubscription): Promise<ReadableEvents | undefined> {
    const owner = this.#options.keys.principalOfKey(subscription.ownerKeyId);
    if (owner) return readableBy(owner);
    await this.store.update(subscription.id, undefined, { status: 'disabled' });
    return undefined;
  }
}

/** A subscription and what its owner key may read now. */
export interface Audience {
  readonly subscription: WebhookSubscription;
  readonly readable: ReadableEvents;
}

/** One job per event and subscription that takes it, in the log's order. */
export function fanOut(events: readonly LoggedEvent[], audience: readonly Audience[]): DeliveryJob[] {
  const jobs: DeliveryJob[] = [];
  for (const event of events) {
    for (const { subscription, readable } of audience) if (takes(subscription, readable, event)) jobs.push({ subscriptionId: subscription.id, event });
  }
  return jobs;
}
