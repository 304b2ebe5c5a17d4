import type { EventType, HotelEvent, WebhookDelivery, WebhookStatus } from '@hotelapi/domain';

/** A subscription as stored: what it wants and whose it is (deliveries read that key's grants as they are then). */
export interface WebhookSubscription {
  readonly id: string;
  /** The API key that created it: only that key sees and manages it. */
  readonly ownerKeyId: string;
  readonly url: string;
  readonly types: readonly EventType[];
  readonly properties: readonly string[];
  readonly chains: readonly string[];
  readonly tolerance: number;
  /** The newest event-log sequence when it was made: it takes only later events. */
  readonly afterSequence: number;
  readonly status: WebhookStatus;
  readonly createdAt: Date;
}

export type NewWebhookSubscription = Omit<WebhookSubscription, 'status' | 'createdAt'>;
export type WebhookChanges = Partial<Pick<WebhookSubscription, 'url' | 'types' | 'properties' | 'chains' | 'tolerance' | 'status'>>;

/** One attempt at delivering an event, as the deliveries list shows it; dead ones keep their event to retry. */
export interface DeliveryAttempt extends Omit<WebhookDelivery, 'attemptedAt' | 'nextAttemptAt'> {
  readonly subscriptionId: string;
  readonly attemptedAt: Date;
  readonly nextAttemptAt: Date | null;
  /** The event delivered, kept so that a dead letter can be sent again. */
  readonly event: HotelEvent;
}

/**
 * Webhook subscriptions, their signing secrets and their delivery attempts. Secrets are kept as
 * they are (HMAC signing needs them); each has an expiry so that a rotated one signs a while longer.
 */
export interface WebhookStore {
  /** True in PostgreSQL; false in the sandbox's memory. */
  readonly durable: boolean;
  create(subscription: NewWebhookSubscription, secret: string): Promise<WebhookSubscription>;
  /** The owner's subscriptions, oldest first. */
  list(ownerKeyId: string): Promise<readonly WebhookSubscription[]>;
  /** One subscription; with `ownerKeyId`, only when that key owns it. */
  get(id: string, ownerKeyId?: string): Promise<WebhookSubscription | undefined>;
  update(id: string, ownerKeyId: string | undefined, changes: WebhookChanges): Promise<WebhookSubscription | undefined>;
  remove(id: string, ownerKeyId: string): Promise<boolean>;
  /** Adds `secret` and lets the current ones sign until `previousUntil`. */
  rotateSecret(id: string, ownerKeyId: string, secret: string, previousUntil: Date): Promise<boolean>;
  /** The secrets that sign now, newest first. */
  signingSecrets(id: string, now: Date): Promise<readonly string[]>;
  /** Every subscription that takes deliveries (not disabled): the relay fans events out to them. */
  deliverable(): Promise<readonly WebhookSubscription[]>;
  recordAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** Recent attempts, newest first. */
  attempts(subscriptionId: string, limit: number): Promise<readonly DeliveryAttempt[]>;
  /** The newest attempt at delivering this event to this subscription. */
  lastAttempt(subscriptionId: string, eventId: string): Promise<DeliveryAttempt | undefined>;
  /** Forgets attempts made before `before` (dead letters among them); returns how many. */
  pruneAttempts(before: Date): Promise<number>;
  close?(): Promise<void>;
}

/** Deliver this event to this subscription. */
export interface DeliveryJob {
  readonly subscriptionId: string;
  readonly event: HotelEvent;
}

/** Where an attempt stands in the retry schedule. */
export interface AttemptInfo {
  /** 1 for the first attempt. */
  readonly number: number;
  /** True when a failure now is final (the event becomes a dead letter). */
  readonly last: boolean;
}

/** What the relay enqueued, and the log position it reached. */
export interface RelayStep {
  readonly jobs: readonly DeliveryJob[];
  readonly position: number;
}

/**
 * Delivery jobs, at least once, retried by the queue's schedule when the handler throws. In
 * PostgreSQL a maintained job queue (pg-boss) over the database; in the sandbox, memory.
 */
export interface WebhookQueue {
  readonly durable: boolean;
  /** Enqueues now (a test event, a dead letter sent again). */
  enqueue(jobs: readonly DeliveryJob[]): Promise<void>;
  /**
   * Calls `step` with the relay's committed log position; the jobs it returns are enqueued and the
   * position advanced together (one transaction in PostgreSQL), one relay at a time across instances.
   * Resolves to how many jobs were enqueued.
   */
  relay(step: (position: number) => Promise<RelayStep>): Promise<number>;
  /** Starts taking jobs: `deliver` throws to have the job retried (or, on its last attempt, to end it). */
  work(deliver: (job: DeliveryJob, attempt: AttemptInfo) => Promise<void>): Promise<void>;
  /** Jobs waiting or in progress. */
  depth(): Promise<number>;
  close(): Promise<void>;
}

/** The retry schedule: exponential from `baseDelaySeconds`, jittered, capped, `retries` times. */
export interface RetrySchedule {
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
  readonly retries: number;
  /** How long one attempt may run before the queue counts it lost (an instance died mid-delivery). */
  readonly attemptExpirySeconds: number;
}

/** Webhook subscriptions and their queue, as one adapter provides them. */
export interface WebhookPorts {
  readonly store: WebhookStore;
  readonly queue: WebhookQueue;
}
