import type { PropertyCatalog } from '@hotelapi/connectors';

/**
 * Which chain each property belongs to, read once from the catalog at start-up, so that
 * authorization (a chain grant covers its properties) never waits on a connector and a refused
 * request never touches one.
 */
export interface PropertyDirectory {
  chainOf(propertyCode: string): string | undefined;
  /** Every chain's code, in the catalog's order (for browsing and completion). */
  readonly chainCodes: readonly string[];
  /** Every property's code, chain by chain in the catalog's order (for browsing and completion). */
  readonly propertyCodes: readonly string[];
}

export async function loadPropertyDirectory(catalog: PropertyCatalog): Promise<PropertyDirectory> {
  const chainByProperty = new Map<string, string>();
  const chains = await catalog.listChains();
  for (const chain of chains) {
    for (const code of chain.propertyCodes) chainByProperty.set(code, chain.code);
  }
  return {
    chainOf: (propertyCode) => chainByProperty.get(propertyCode),
    chainCodes: chains.map((chain) => chain.code),
    propertyCodes: [...chainByProperty.keys()],
  };
}
