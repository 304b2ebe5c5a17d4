import type { PropertyCatalog } from '@hotelapi/connectors';

/**
 * Which chain each property belongs to, read once from the catalog at start-up, so that
 * authorization (a chain grant covers its properties) never waits on a connector and a refused
 * request never touches one.
 */
export interface PropertyDirectory {
  chainOf(propertyCode: string): string | undefined;
}

export async function loadPropertyDirectory(catalog: PropertyCatalog): Promise<PropertyDirectory> {
  const chainByProperty = new Map<string, string>();
  for (const chain of await catalog.listChains()) {
    for (const code of chain.propertyCodes) chainByProperty.set(code, chain.code);
  }
  return { chainOf: (propertyCode) => chainByProperty.get(propertyCode) };
}
