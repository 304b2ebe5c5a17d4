import { randomBytes } from 'node:crypto';
import type { HotelEvent } from '@hotelapi/domain';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What a receiver is sent: the body (`{ type, timestamp, data }`) and the Standard Webhooks headers. */
export interface SignedDelivery {
  readonly body: string;
  readonly headers: Readonly<Record<'content-type' | 'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>>;
}

/** The body receivers get: `{ type, timestamp, data }`, serialised once per event whatever the receivers. */
export function eventBody(event: HotelEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/**
 * Signs an event's body with every secret that signs now (after a rotation, the new and the old
 * one: the specification lets `webhook-signature` hold several, space-separated). `webhook-id` is
 * the event's id, the same on every attempt, so receivers can drop duplicates.
 */
export function signBody(eventId: string, body: string, secrets: readonly string[], at: Date): SignedDelivery {
  const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}
