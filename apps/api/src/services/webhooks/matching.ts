import type { ReadableEvents, WebhookSubscription } from '@hotelapi/connectors';
import type { HotelEvent, LoggedEvent } from '@hotelapi/domain';

/**
 * Whether a subscription takes an event: its type, a place the owner key may read now (`readable`,
 * from its current grants) and the subscription names (none named: every readable one), a parity
 * event of its own tolerance, and nothing that happened before the subscription was made.
 */
export function takes(subscription: WebhookSubscription, readable: ReadableEvents, event: LoggedEvent): boolean {
  if (!subscription.types.includes(event.type)) return false;
  if (event.data.sequence <= subscription.afterSequence) return false;
  if ((event.type === 'parity.breach' || event.type === 'parity.restored') && event.data.tolerance !== subscription.tolerance) return false;
  if (!mayRead(readable, event)) return false;
  const { chain, property } = event.data;
  if (subscription.properties.length === 0 && subscription.chains.length === 0) return true;
  return (property !== null && subscription.properties.includes(property)) || subscription.chains.includes(chain);
}

/** Whether grants that read `readable` may read the event (a subscription's own `webhook.test` always). */
export function mayRead(readable: ReadableEvents, event: HotelEvent): boolean {
  if (readable === 'all' || event.type === 'webhook.test') return true;
  const { chain, property } = event.data;
  return (property !== null && readable.properties.includes(property)) || readable.chains.includes(chain);
}
