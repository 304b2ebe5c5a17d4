import type { DeliveryOutcome, HotelEvent } from '@hotelapi/domain';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { WebhookEngine } from './webhook-engine.js';

/** Webhook metrics (docs/OPERATIONS.md): deliveries by outcome, their latency, queue depth, failing endpoints. */
export function registerWebhookMetrics(registry: Registry) {
  let engine: WebhookEngine | undefined;
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, failed: to be retried, dead: retries exhausted, gone: 410).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'Time a receiver took to answer a delivery attempt (or to fail it), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'webhook_event_latency_seconds',
    help: 'From an event happening to its delivery (2xx), first attempts and retries alike.',
    buckets: [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 30, 300, 3600],
    registers: [registry],
  });
  new Gauge({
    name: 'webhook_queue_depth',
    help: 'Webhook deliveries waiting, scheduled for a retry or in progress.',
    registers: [registry],
    async collect() {
      if (engine?.ready) this.set(await engine.queue.depth());
    },
  });
  new Gauge({
    name: 'webhook_failing_endpoints',
    help: 'Webhook subscriptions marked failing (an event went to the dead letters).',
    registers: [registry],
    async collect() {
      if (engine?.ready) this.set((await engine.store.deliverable()).filter((subscription) => subscription.status === 'failing').length);
    },
  });
  return {
    watch(watched: WebhookEngine) {
      engine = watched;
    },
    attempted(outcome: DeliveryOutcome, durationMs: number, event: HotelEvent) {
      deliveries.inc({ outcome });
      duration.observe({ outcome }, durationMs / 1_000);
      if (outcome === 'delivered') latency.observe(Math.max(0, Date.now() - Date.parse(event.timestamp)) / 1_000);
    },
  };
}
