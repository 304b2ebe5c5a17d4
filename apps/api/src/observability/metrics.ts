import { cacheFigures } from '@hotelapi/caches';
import { readRoutingFigures, type ConnectorObserver } from '@hotelapi/connectors';
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

  readonly mcpToolCalls = new Counter({
    name: 'mcp_tool_calls_total',
    help: 'MCP tools/call requests, by tool and outcome (ok, error: an isError result, failed: a JSON-RPC error).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly events = new Counter({
    name: 'events_total',
    help: 'Events committed to the change feed, by type, as this instance followed the log (every instance sees every event: do not sum over instances).',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly connectorCalls = new Histogram({
    name: 'connector_call_duration_seconds',
    help: 'Calls to data sources through the resilience policy, by port, method, source and outcome (ok, stale, error, timeout, breaker_open, bulkhead_full), retries included.',
    labelNames: ['port', 'method', 'source', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly connectorRetries = new Counter({
    name: 'connector_retries_total',
    help: 'Retries of data-source calls after a transient failure, by port, method and source.',
    labelNames: ['port', 'method', 'source'] as const,
    registers: [this.registry],
  });

  readonly breakerOpen = new Gauge({
    name: 'connector_breaker_open',
    help: 'Circuit breaker of a data source: 0 closed, 0.5 half open (one trial call), 1 open or isolated.',
    labelNames: ['port', 'source'] as const,
    registers: [this.registry],
  });

  readonly staleAnswers = new Counter({
    name: 'connector_stale_answers_total',
    help: 'Kept answers served because the data source failed, by port, method and source.',
    labelNames: ['port', 'method', 'source'] as const,
    registers: [this.registry],
  });

  /** Feeds the connector metrics from the resilience policy's events. */
  readonly connectorObserver: ConnectorObserver = {
    callEnded: ({ port, method, source, outcome, latencyMs }) =>
      this.connectorCalls.observe({ port, method, source, outcome }, latencyMs / 1000),
    retried: ({ port, method, source }) => this.connectorRetries.inc({ port, method, source }),
    breakerStateChanged: ({ port, source, state }) =>
      this.breakerOpen.set({ port, source }, state === 'closed' ? 0 : state === 'half_open' ? 0.5 : 1),
    staleServed: ({ port, method, source }) => this.staleAnswers.inc({ port, method, source }),
  };

  constructor(heavyWork: { running: () => number; waiting: () => number }) {
    // Event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_*), RSS (process_resident_memory_bytes), GC, handles.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'heavy_work_running',
      help: 'Heavy computations (chain searches, price calendars, from REST and MCP alike) running now.',
      registers: [this.registry],
      collect() {
        this.set(heavyWork.running());
      },
    });
    new Gauge({
      name: 'heavy_work_waiting',
      help: 'Heavy computations (chain searches, price calendars) waiting for a slot.',
      registers: [this.registry],
      collect() {
        this.set(heavyWork.waiting());
      },
    });
    this.exposeCaches();
    this.exposeReadRouting();
  }

  /** Where PostgreSQL reads go with DATABASE_READ_URL (nothing without it), read from the routings when scraped. */
  private exposeReadRouting(): void {
    new Gauge({
      name: 'database_reads_from_replica',
      help: 'Whether hotel-data reads go to the replica (1) or, because it is down or lags, to the primary (0).',
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { replica, target } of readRoutingFigures()) this.set({ replica }, target === 'replica' ? 1 : 0);
      },
    });
    new Counter({
      name: 'database_read_switches_total',
      help: 'Times hotel-data reads moved, by replica and where to (primary: the replica was down or lagged; replica: it recovered).',
      labelNames: ['replica', 'to'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { replica, switches } of readRoutingFigures()) {
          for (const to of ['primary', 'replica'] as const) this.inc({ replica, to }, switches[to]);
        }
      },
    });
    new Gauge({
      name: 'database_replica_lag_seconds',
      help: "The replica's replication lag at the last check (absent while it does not answer).",
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { replica, lagSeconds } of readRoutingFigures()) if (lagSeconds !== undefined) this.set({ replica }, lagSeconds);
      },
    });
  }

  /**
   * Every declared cache (`@hotelapi/caches`), by name: read from the process-wide registry when
   * scraped, so caches of the libraries show up too, and a lookup costs no more than a count.
   */
  private exposeCaches(): void {
    new Counter({
      name: 'hotelapi_cache_hits_total',
      help: 'Lookups that found an entry, by cache (docs/OPERATIONS.md lists the caches).',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { name, hits } of cacheFigures()) this.inc({ cache: name }, hits);
      },
    });
    new Counter({
      name: 'hotelapi_cache_misses_total',
      help: 'Lookups that found no entry, by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { name, misses } of cacheFigures()) this.inc({ cache: name }, misses);
      },
    });
    new Gauge({
      name: 'hotelapi_cache_entries',
      help: 'Entries kept now, by cache (summed over its instances).',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        for (const { name, entries } of cacheFigures()) this.set({ cache: name }, entries);
      },
    });
  }

  rejected(reason: RejectionReason): void {
    this.rejections.inc({ reason });
  }
}
