import type { KeyStore } from '@hotelapi/auth';
import { memoryWebhookQueue, memoryWebhookStore, type Connectors, type RetrySchedule, type WebhookPorts } from '@hotelapi/connectors';
import type { Registry } from 'prom-client';
import type { ApiConfig } from '../../config.js';
import { DeliveryWorker } from './delivery-worker.js';
import { WebhookEngine } from './webhook-engine.js';
import { registerWebhookMetrics } from './webhook-metrics.js';

type WebhookConfig = Pick<
  ApiConfig,
  | 'CONNECTOR'
  | 'DATABASE_URL'
  | 'WEBHOOK_ALLOW_PRIVATE'
  | 'WEBHOOK_TIMEOUT_MS'
  | 'WEBHOOK_CONCURRENCY'
  | 'WEBHOOK_RETRY_BASE_S'
  | 'WEBHOOK_RETRY_MAX_S'
  | 'WEBHOOK_RETRIES'
  | 'WEBHOOK_ATTEMPT_EXPIRY_S'
>;

export interface StartWebhooksOptions {
  readonly config: WebhookConfig;
  readonly connectors: Pick<Connectors, 'events'>;
  /** Whose grants each delivery is judged by: the subscription owner's, as they are now. */
  readonly keys: Pick<KeyStore, 'principalOfKey'>;
  /** Where failures of the relay and the queue are told (the app's logger). */
  readonly log: { warn(object: object, message: string): void };
  /** Where the webhook metrics are registered. */
  readonly registry: Registry;
  /** A CA receivers' certificates may chain to besides Node's store (tests). */
  readonly ca?: string;
}

/** The retry schedule the configuration sets. */
export function retryScheduleOf(config: WebhookConfig): RetrySchedule {
  return {
    baseDelaySeconds: config.WEBHOOK_RETRY_BASE_S,
    maxDelaySeconds: config.WEBHOOK_RETRY_MAX_S,
    retries: config.WEBHOOK_RETRIES,
    attemptExpirySeconds: config.WEBHOOK_ATTEMPT_EXPIRY_S,
  };
}

/**
 * Webhooks over the configured store: with `CONNECTOR=postgres`, subscriptions and pg-boss's
 * queue in PostgreSQL (durable, shared by every instance); else memory (the sandbox: not durable).
 */
export async function startWebhooks({ config, connectors, keys, log, registry, ca }: StartWebhooksOptions): Promise<WebhookEngine> {
  const schedule = retryScheduleOf(config);
  const url = config.CONNECTOR === 'postgres' ? config.DATABASE_URL : undefined;
  const openPorts = async (): Promise<WebhookPorts> =>
    url
      ? (await import('./postgres-webhooks.js')).postgresWebhooks({ url, schedule, concurrency: config.WEBHOOK_CONCURRENCY, onError: (error) => log.warn({ err: error }, 'webhook queue') })
      : { store: memoryWebhookStore(), queue: memoryWebhookQueue(schedule, config.WEBHOOK_CONCURRENCY) };
  const worker = new DeliveryWorker({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, ...(ca && { ca }) }, (error) =>
    log.warn({ err: error }, 'the webhook delivery worker stopped: its attempts in flight are retried, the next one starts it again'),
  );
  const metrics = registerWebhookMetrics(registry);
  const engine = new WebhookEngine({
    events: connectors.events,
    keys,
    openPorts,
    worker,
    schedule,
    onAttempt: (outcome, durationMs, event) => metrics.attempted(outcome, durationMs, event),
    onError: (error, doing) => log.warn({ err: error }, doing),
  });
  metrics.watch(engine);
  await engine.start();
  return engine;
}
