import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { isPublicAddress } from './public-address.js';
import type { SignedDelivery } from './signing.js';

/** At most this much of a receiver's answer is kept (for the deliveries list). */
export const RESPONSE_KEPT_BYTES = 1_024;

export interface DeliveryAgentOptions {
  readonly timeoutMs: number;
  /** Private addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: boolean;
  /** A CA to trust besides Node's store (tests); in production NODE_EXTRA_CA_CERTS adds one. */
  readonly ca?: string;
}

/** What a receiver answered, or why it did not. */
export interface PostOutcome {
  /** The HTTP status, or null when none came. */
  readonly status: number | null;
  /** The first kilobyte of the body of a non-2xx answer, or what went wrong. */
  readonly detail: string | null;
  readonly durationMs: number;
}

/**
 * POSTs signed events to receivers. Certificates are checked against Node's trust store. The name
 * is resolved at connection time and the address checked there, then connected to as checked, so
 * a name that resolved to a public address when the subscription was made cannot be pointed at a
 * private one later (DNS rebinding). Redirects are not followed.
 */
export class DeliveryAgent {
  readonly #agent: Agent;
  readonly #options: DeliveryAgentOptions;

  constructor(options: DeliveryAgentOptions) {
    this.#options = options;
    const lookup = options.allowPrivate ? undefined : checkedLookup;
    this.#agent = new Agent({
      connect: { ...(options.ca && { ca: options.ca }), ...(lookup && { lookup }), timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connections: 8,
      keepAliveTimeout: 4_000,
    });
  }

  async post(url: string, delivery: SignedDelivery): Promise<PostOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    // An address in the URL is never looked up: it is checked here instead.
    if (!this.#options.allowPrivate && isIP(host) && !isPublicAddress(host)) return { status: null, detail: `${host} is not a public address`, durationMs: 0 };
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { ...delivery.headers, 'user-agent': 'hotel-api-webhooks' },
        body: delivery.body,
        dispatcher: this.#agent,
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const text = await firstBytes(response.body, ok ? 0 : RESPONSE_KEPT_BYTES);
      return { status: response.statusCode, detail: ok ? null : text || null, durationMs: took() };
    } catch (error) {
      return { status: null, detail: describe(error), durationMs: took() };
    }
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

/** Resolves like `dns.lookup`, then refuses any address that is not public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = found.find((entry) => !isPublicAddress(entry.address));
    if (refused || found.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), { code: 'EADDRNOTPUBLIC' }), '', 4);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
    const [first] = found as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

/** Reads at most `limit` bytes of a body as text, then drops the rest of it. */
async function firstBytes(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    if (length < limit) chunks.push(chunk.subarray(0, limit - length));
    length += chunk.length;
    if (length >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${code ? `${code} ` : ''}${error.message}${cause}`.slice(0, RESPONSE_KEPT_BYTES);
}
