import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { serviceOverloaded } from '../../failures/operational-errors.js';
import type { RejectionReason } from '../../observability/metrics.js';

export interface LoadSheddingSettings {
  /** Event-loop delay beyond which new requests are shed, in milliseconds; 0 never. */
  readonly maxEventLoopDelayMs: number;
  /** V8 heap in use beyond which new requests are shed, in bytes; 0 never. */
  readonly maxHeapUsedBytes: number;
  /** Resident memory beyond which new requests are shed, in bytes; 0 never. */
  readonly maxRssBytes: number;
}

/**
 * Route config for what must answer even when the instance sheds load: liveness, readiness (it
 * reports draining itself) and metrics. Shedding /healthz would get a busy instance restarted.
 */
export const NEVER_SHED = { pressureHandler: () => undefined } as const;

const REASONS: Readonly<Record<string, RejectionReason>> = {
  eventLoopDelay: 'event_loop_delay',
  heapUsedBytes: 'heap',
  rssBytes: 'rss',
};

const WORDING: Readonly<Record<RejectionReason, string>> = {
  event_loop_delay: 'the event loop is behind',
  heap: 'memory is short',
  rss: 'memory is short',
  rate_limit: '',
  concurrency_cap: '',
  queue_full: 'too many chain requests queued',
};

const MIN_SAMPLE_INTERVAL_MS = 250;

/**
 * @fastify/under-pressure samples event-loop delay, heap and RSS (every second with the default
 * limits); while one is past its limit, every new request is answered at once with 503 `service_overloaded` and
 * `Retry-After`, in the route's own error shape, rather than queued until it times out.
 */
export async function shedLoad(app: FastifyInstance, settings: LoadSheddingSettings, onShed: (reason: RejectionReason) => void): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    maxRssBytes: settings.maxRssBytes,
    // A window in which the event loop never turned counts as an infinite delay (under-pressure
    // reads the empty histogram so). A window shorter than the limit would then shed on any
    // shorter pause, such as a cold start's first requests; one as long as the limit cannot.
    sampleInterval: Math.max(MIN_SAMPLE_INTERVAL_MS, settings.maxEventLoopDelayMs),
    pressureHandler: async (_request, _reply, type) => {
      const reason = REASONS[type] ?? 'event_loop_delay';
      onShed(reason);
      throw serviceOverloaded(WORDING[reason]);
    },
  });
}
