import type { AttemptInfo, DeliveryJob, EventLog, RetrySchedule, WebhookPorts, WebhookSubscription } from '@hotelapi/connectors';
import { retryDelaySeconds } from '@hotelapi/connectors';
import type { DeliveryOutcome, HotelEvent, LoggedEvent } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import type { DeliveryAgent } from './delivery-agent.js';
import { takes } from './matching.js';
import { signEvent } from './signing.js';
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
  /** Opens the store and the queue (PostgreSQL's may fail at start: it is tried again meanwhile). */
  readonly openPorts: () => Promise<WebhookPorts>;
  readonly agent: DeliveryAgent;
  readonly schedule: RetrySchedule;
  /** Told of each attempt's outcome and duration (metrics). */
  readonly onAttempt?: (outcome: DeliveryOutcome, durationMs: number, event: HotelEvent) => void;
  readonly onError: (error: unknown, doing: string) => void;
}

/**
 * Turns the event log into deliveries: a relay follows the log's sequence from its committed
 * position and enqueues one job per event and subscription that takes it; the queue's workers
 * sign and POST each, and record the attempt. A failure is retried on the queue's schedule; after
 * the last retry the event is a dead letter and the subscription `failing`; a 410 disables it.
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
    await this.#options.agent.close();
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
        const events = await this.#options.events.list({ after: position, readable: 'all', limit: RELAY_BATCH });
        read = events.length;
        const last = events.at(-1);
        if (!last) return { jobs: [], position };
        const subscriptions = await this.store.deliverable();
        return { jobs: fanOut(events, subscriptions), position: last.data.sequence };
      });
      full = read === RELAY_BATCH;
    }
  }

  async #deliver({ subscriptionId, event }: DeliveryJob, attempt: AttemptInfo): Promise<void> {
    const { store } = this;
    const subscription = await store.get(subscriptionId);
    // Deleted or disabled since: nothing to deliver, nothing to retry.
    if (!subscription || subscription.status === 'disabled') return;
    const at = new Date();
    const signed = signEvent(event, await store.signingSecrets(subscription.id, at), at);
    const answer = await this.#options.agent.post(subscription.url, signed);
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
}

/** One job per event and subscription that takes it, in the log's order. */
export function fanOut(events: readonly LoggedEvent[], subscriptions: readonly WebhookSubscription[]): DeliveryJob[] {
  const jobs: DeliveryJob[] = [];
  for (const event of events) for (const subscription of subscriptions) if (takes(subscription, event)) jobs.push({ subscriptionId: subscription.id, event });
  return jobs;
}
