import type { Chain, PropertyCatalog } from '@hotelapi/connectors';
import { declareCache } from '@hotelapi/caches';
import { ApiFailure } from '../../failures/api-failure.js';

/**
 * The chain a widget names. One that cannot be resolved is a 401, as the contract says: the chain
 * code is what stands in for credentials on this keyless endpoint. No WWW-Authenticate: there is
 * no scheme a caller could answer the challenge with.
 */
export async function requireChain(catalog: PropertyCatalog, chainCode: string): Promise<Chain> {
  const chain = await catalog.getChain(chainCode);
  if (!chain) throw new ApiFailure('chain_unknown', `Chain ${chainCode} cannot be resolved.`, { param: 'chainCode' });
  return chain;
}

/** The browser origins allowed to call the endpoint for a chain: its own and, with sandbox keys, SANDBOX_WIDGET_ORIGINS. */
export type WidgetOrigins = (chainCode: string) => Promise<readonly string[]>;

/**
 * Widget origins per chain, read from the catalog on a chain's first request and kept: every
 * browser request (preflights too) asks, and a chain's origins change with a deployment, not per
 * request. Unknown codes are not remembered, so made-up codes cannot grow the cache; known ones
 * sit in an LRU for a minute, so thousands of chains stay bounded and a changed list is picked up.
 */
const WIDGET_ORIGINS = declareCache({
  name: 'widget-origins',
  key: 'chain code',
  max: 1_000,
  ttlMs: 60_000,
  invalidation: 'expires: a chain’s changed list of allowed origins is read again after the TTL',
});

export function widgetOriginsFrom(catalog: PropertyCatalog, sandboxOrigins: readonly string[] = []): WidgetOrigins {
  const originsByChain = WIDGET_ORIGINS.create<string, readonly string[]>();
  return async (chainCode) => {
    const known = originsByChain.get(chainCode);
    if (known) return known;
    const chain = await catalog.getChain(chainCode);
    // The sandbox's origins answer for an unknown chain too, so a web team trying the widget
    // locally reads the 401 (and the widget says "unknown chain") instead of a CORS refusal.
    if (!chain) return sandboxOrigins;
    const origins = [...chain.widgetOrigins, ...sandboxOrigins];
    originsByChain.set(chainCode, origins);
    return origins;
  };
}
