import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);

/**
 * Settings of admission control, sockets and observability (docs/OPERATIONS.md explains each).
 * Spread into the API's ConfigSchema; kept apart so that file stays about the API's behaviour.
 */
export const OPERATIONS_SETTINGS = {
  /** Event-loop delay past which new requests are shed with 503; 0 never. */
  MAX_EVENT_LOOP_DELAY_MS: nonNegativeInt.default(1_000),
  /**
   * V8 heap in use past which new requests are shed with 503; 0 never. By default 85 % of the heap
   * limit this process runs with (`--max-old-space-size` in the start command), so that a flood is
   * refused before the heap runs out, not by an out-of-memory crash.
   */
  MAX_HEAP_USED_MB: nonNegativeInt.default(() => Math.floor((0.85 * getHeapStatistics().heap_size_limit) / 2 ** 20)),
  /** Resident memory past which new requests are shed with 503; 0 never. */
  MAX_RSS_MB: nonNegativeInt.default(1_536),
  /** Chain-availability computations run at once on an instance. */
  HEAVY_REQUESTS_CONCURRENCY: positiveInt.default(2),
  /** Chain-availability computations that may wait for a slot; more are shed with 503. */
  HEAVY_REQUESTS_QUEUE: nonNegativeInt.default(64),
  /**
   * Longest a chain-availability computation may wait for a slot, in ms; past it, 503. Unset, half
   * of CONNECTOR_DEADLINE_MS: the wait spends the request's data-source deadline, and a computation
   * that starts must have time left to read its properties.
   */
  HEAVY_REQUESTS_MAX_WAIT_MS: positiveInt.optional(),
  /** Heavy requests (chain availability, MCP) one caller may have running at once; more are 429. */
  CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: positiveInt.default(8),
  /** How long an identical chain-availability answer is reused, in ms; 0 shares only answers in progress. */
  CHAIN_ANSWER_CACHE_MS: nonNegativeInt.default(2_000),
  /** How long an identical shopper or reviews answer is reused, in ms; 0 shares only answers in progress. */
  PROPERTY_ANSWER_CACHE_MS: nonNegativeInt.default(1_000),
  /** A connection with no traffic for this long is closed. */
  IDLE_TIMEOUT_MS: positiveInt.default(30_000),
  /** The request head must arrive within this (slowloris guard). */
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  /** The whole request must arrive within this. */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /** An idle keep-alive connection is closed after this. */
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  /** Open connections per instance; more are refused at accept. */
  MAX_CONNECTIONS: positiveInt.default(4_096),
  /** Largest request head in bytes; more is a 431. */
  MAX_HEADER_BYTES: positiveInt.default(16_384),
  /** Most messages in one MCP JSON-RPC batch; more is a JSON-RPC error. */
  MCP_MAX_BATCH: positiveInt.default(16),
  /** Bearer token Prometheus presents to scrape /metrics; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The standard OpenTelemetry variable: where spans go over OTLP/HTTP; unset, no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
} as const;
