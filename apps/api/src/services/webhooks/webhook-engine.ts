import type { AttemptInfo, DeliveryJob, EventLog, RetrySchedule, WebhookPorts, WebhookSubscription } from '@hotelapi/connectors';
import { retryDelaySeconds } from '@hotelapi/connectors';
import type { DeliveryOutcome, HotelEvent, LoggedEvent } from '@hotelapi/domain';
import type { DeliveryAgent } from './delivery-agent.js';
import { takes } from './matching.js';
import { signEvent } from './signing.js';

/** Events the relay reads from the log at a time. */
const RELAY_BATCH = 500;
/** The relay also looks at the log this often, for a wake-up it missed. */
const RELAY_POLL_MS = 2_000;

export interface WebhookEngineOptions {
  readonly events: EventLog;
  readonly ports: WebhookPorts;
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
  #closed = false;

  constructor(options: WebhookEngineOptions) {
    this.#options = options;
  }

  get store() {
    return this.#options.ports.store;
  }

  get queue() {
    return this.#options.ports.queue;
  }

  async start(): Promise<void> {
    this.#stopListening = this.#options.events.onAppended(() => this.wake());
    this.#timer = setInterval(() => this.wake(), RELAY_POLL_MS);
    this.#timer.unref();
    await this.queue.work((job, attempt) => this.#deliver(job, attempt));
    this.wake();
  }

  /** Runs the relay now (again after the current run, when one is running). */
  wake(): void {
    if (this.#closed) return;
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
    const subscriptions = await this.store.deliverable();
    const parity = subscriptions.filter((subscription) => subscription.types.some((type) => type === 'parity.breach' || type === 'parity.restored'));
    return [...new Set(parity.map((subscription) => subscription.tolerance))].sort((a, b) => a - b);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopListening?.();
    clearInterval(this.#timer);
    await this.#relaying;
    await this.queue.close();
    await this.store.close?.();
    await this.#options.agent.close();
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
