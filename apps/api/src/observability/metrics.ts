import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where a lookup in one of our caches ended. */
export type CacheOutcome = 'hit' | 'miss';
/** Why a request was refused before it was served. */
export type RejectionReason = 'rate_limit' | 'concurrency_cap' | 'event_loop_delay' | 'heap' | 'rss' | 'queue_full';

/**
 * Every metric the API exposes, in one registry per app (tests run several apps in one process,
 * and a global registry would mix them). Names follow Prometheus conventions: base units
 * (seconds, bytes), `_total` for counters. docs/OPERATIONS.md says what each means.
 */
export class ApiMetrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its response being sent, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly rejections = new Counter({
    name: 'http_requests_rejected_total',
    help: 'Requests refused before being served, by reason: rate_limit and concurrency_cap (429), event_loop_delay, heap, rss and queue_full (503).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups in the in-memory caches, by cache and outcome (hit or miss).',
    labelNames: ['cache', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly mcpToolCalls = new Counter({
    name: 'mcp_tool_calls_total',
    help: 'MCP tools/call requests, by tool and outcome (ok, error: an isError result, failed: a JSON-RPC error).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(heavyWork: { running: () => number; waiting: () => number }) {
    // Event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_*), RSS (process_resident_memory_bytes), GC, handles.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'heavy_work_running',
      help: 'Chain-availability computations running now.',
      registers: [this.registry],
      collect() {
        this.set(heavyWork.running());
      },
    });
    new Gauge({
      name: 'heavy_work_waiting',
      help: 'Chain-availability computations waiting for a slot.',
      registers: [this.registry],
      collect() {
        this.set(heavyWork.waiting());
      },
    });
  }

  cacheLookup(cache: string): (outcome: CacheOutcome) => void {
    return (outcome) => this.cacheLookups.inc({ cache, outcome });
  }

  rejected(reason: RejectionReason): void {
    this.rejections.inc({ reason });
  }
}
