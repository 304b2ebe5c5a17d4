import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Connectors } from '@hotelapi/connectors';
import { context, propagation, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';
import { databaseStatementSpans } from './database-spans.js';
import { redactUrl } from './log-redaction.js';

const SERVICE_NAME = 'hotel-api';

export interface Tracing {
  /** Registers the request spans on the app (before any route). */
  instrument(app: FastifyInstance): Promise<void>;
  /** The connectors, each call a span (a child of its request's span). */
  traceConnectors(connectors: Connectors): Connectors;
  /** Sends the spans still buffered and stops, leaving no global registration behind. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry tracing, exported over OTLP/HTTP to `endpoint` (the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT`; the other standard OTEL_* variables apply as the SDK reads
 * them). One span per request from the official Fastify instrumentation (@fastify/otel), with
 * the request id and a redacted URL, one per connector call beneath it, and one per PostgreSQL
 * statement beneath that (@opentelemetry/instrumentation-pg).
 */
export function startTracing(endpoint: string): Tracing {
  const sdk = new NodeSDK({
    serviceName: SERVICE_NAME,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
    instrumentations: [databaseStatementSpans()],
  });
  sdk.start();
  const requests = new FastifyOtelInstrumentation({
    requestHook: (span, request) => {
      span.setAttribute('http.request.id', request.id);
      // The instrumentation records the raw URL; a key a client put in it must not leave with the span.
      span.setAttribute('url.path', redactUrl(request.url));
    },
  });
  const tracer = trace.getTracer(SERVICE_NAME);
  return {
    instrument: async (app) => {
      await app.register(requests.plugin());
    },
    traceConnectors: (connectors) => tracedConnectors(connectors, tracer),
    shutdown: async () => {
      await sdk.shutdown();
      // The SDK leaves its providers registered globally; a later start in the same process (an
      // app per test) could not register its own, and its spans would go nowhere.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** Every method of every port wrapped in a span named `<port>.<method>`. */
function tracedConnectors(connectors: Connectors, tracer: Tracer): Connectors {
  const traced: Record<string, unknown> = {};
  for (const [port, adapter] of Object.entries(connectors)) {
    // Ports are objects of methods; anything else (`inProcess`), and our own event log and parity
    // ledger (background work, with listeners that must stay synchronous), is passed on as it is.
    if (typeof adapter !== 'object' || port === 'events' || port === 'parity') {
      traced[port] = adapter;
      continue;
    }
    traced[port] = new Proxy(adapter as object, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) =>
          tracer.startActiveSpan(`${port}.${name}`, { attributes: { 'connector.port': port, 'connector.method': name } }, async (span) => {
            try {
              return await value.apply(target, args);
            } catch (error) {
              span.recordException(error as Error);
              span.setStatus({ code: SpanStatusCode.ERROR });
              throw error;
            } finally {
              span.end();
            }
          });
      },
    });
  }
  return traced as unknown as Connectors;
}
