import type { WebhookStore } from '@hotelapi/connectors';

/**
 * The distinct parity tolerances of the subscriptions that take parity events (active or failing),
 * ascending: the parity watcher evaluates each (besides the default 1 %), so that every
 * subscription gets the parity events of its own tolerance.
 */
export async function tolerancesInUse(store: Pick<WebhookStore, 'deliverable'>): Promise<readonly number[]> {
  const subscriptions = await store.deliverable();
  const parity = subscriptions.filter((subscription) => subscription.types.some((type) => type === 'parity.breach' || type === 'parity.restored'));
  return [...new Set(parity.map((subscription) => subscription.tolerance))].sort((a, b) => a - b);
}
