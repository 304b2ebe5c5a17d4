import { WebhookVerificationError } from '../errors/webhook-verification-error.js';
import type { WebhookEvent } from '../types/generated.js';

/** How far a delivery's `webhook-timestamp` may be from now, in seconds (the Standard Webhooks default). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;


/** The headers of a delivery: a `Headers` object, or a plain record as Node's `IncomingMessage` has them. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** The clock, for the timestamp check; tests pin it. */
  readonly now?: () => Date;
  readonly toleranceSeconds?: number;
}

/**
 * Checks a webhook delivery per the Standard Webhooks specification (HMAC-SHA256 of
 * `id.timestamp.body` with the `whsec_` secret, through WebCrypto: browsers and Node alike) and
 * returns its event, with `id` from `webhook-id` (the same on every retry: drop duplicates by it).
 * `body` must be the raw text as received. Pass both secrets during a rotation. Order events by
 * `data.sequence`: deliveries may arrive out of order.
 *
 * @example
 * const event = await verifyWebhook(rawBody, request.headers, process.env.WEBHOOK_SECRET);
 * if (event.type === 'parity.breach') console.log(event.data.channel, event.data.undercutPercent);
 */
export async function verifyWebhook(
  body: string,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  { now = () => new Date(), toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS }: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature.');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(now().getTime() / 1000 - seconds) > toleranceSeconds) {
    throw new WebhookVerificationError('webhook-timestamp is missing, malformed or too far from now.');
  }
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const offered = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  let matched = false;
  for (const key of typeof secret === 'string' ? [secret] : secret) {
    const expected = await sign(key, signed);
    for (const candidate of offered) matched = equalInConstantTime(candidate, expected) || matched;
  }
  if (!matched) throw new WebhookVerificationError('No webhook-signature matches the secret.');
  let parsed: { type?: unknown; timestamp?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw new WebhookVerificationError('The body is not JSON.');
  }
  if (typeof parsed.type !== 'string' || typeof parsed.timestamp !== 'string' || typeof parsed.data !== 'object' || parsed.data === null) {
    throw new WebhookVerificationError('The body is not { type, timestamp, data }.');
  }
  return { id, type: parsed.type, timestamp: parsed.timestamp, data: parsed.data } as WebhookEvent;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : value?.[0];
}

async function sign(secret: string, content: Uint8Array): Promise<string> {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  let keyBytes: Uint8Array;
  try {
    keyBytes = Uint8Array.from(atob(raw), (character) => character.charCodeAt(0));
  } catch {
    throw new TypeError('secret must be a whsec_ signing secret (base64)');
  }
  const key = await globalThis.crypto.subtle.importKey('raw', keyBytes as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, content as Uint8Array<ArrayBuffer>));
  return btoa(String.fromCharCode(...mac));
}

/** Compares two signatures without stopping at the first difference. */
function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
