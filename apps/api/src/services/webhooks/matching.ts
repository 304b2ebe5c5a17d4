import type { ReadableEvents, WebhookSubscription } from '@hotelapi/connectors';
import type { LoggedEvent } from '@hotelapi/domain';

/**
 * Whether a subscription takes an event: its type, a place the owner key may read and the
 * subscription names (none named: every readable one), a parity event of its own tolerance, and
 * nothing that happened before the subscription was made.
 */
export function takes(subscription: WebhookSubscription, event: LoggedEvent): boolean {
  if (!subscription.types.includes(event.type)) return false;
  if (event.data.sequence <= subscription.afterSequence) return false;
  if ((event.type === 'parity.breach' || event.type === 'parity.restored') && event.data.tolerance !== subscription.tolerance) return false;
  const { chain, property } = event.data;
  if (!mayRead(subscription.readable, chain, property)) return false;
  if (subscription.properties.length === 0 && subscription.chains.length === 0) return true;
  return (property !== null && subscription.properties.includes(property)) || subscription.chains.includes(chain);
}

function mayRead(readable: ReadableEvents, chain: string, property: string | null): boolean {
  if (readable === 'all') return true;
  return (property !== null && readable.properties.includes(property)) || readable.chains.includes(chain);
}
