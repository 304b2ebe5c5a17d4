import type { PropertyCatalog } from '@hotelapi/connectors';

/**
 * Which chain each property belongs to, read from the catalog at start-up and again whenever a
 * write adds properties or chains (`refresh`), so that authorization (a chain grant covers its
 * properties) never waits on a connector and a refused request never touches one.
 */
export interface PropertyDirectory {
  chainOf(propertyCode: string): string | undefined;
  /** Every chain's code, in the catalog's order (for browsing and completion). */
  readonly chainCodes: readonly string[];
  /** Every property's code, chain by chain in the catalog's order (for browsing and completion). */
  readonly propertyCodes: readonly string[];
  /** Reads the catalog again; resolves once a read that began after the call has finished. */
  refresh(): Promise<void>;
}

interface DirectoryState {
  readonly chainByProperty: ReadonlyMap<string, string>;
  readonly chainCodes: readonly string[];
  readonly propertyCodes: readonly string[];
}

export async function loadPropertyDirectory(catalog: PropertyCatalog): Promise<PropertyDirectory> {
  let state = await readDirectory(catalog);
  // One read at a time; calls during a read share the next one, which sees their writes.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const read = (): Promise<void> =>
    readDirectory(catalog).then((read) => {
      state = read;
    });
  const refresh = (): Promise<void> => {
    if (!running) {
      running = read().finally(() => (running = undefined));
      return running;
    }
    next ??= running.catch(() => undefined).then(() => {
      next = undefined;
      return refresh();
    });
    return next;
  };
  return {
    chainOf: (propertyCode) => state.chainByProperty.get(propertyCode),
    get chainCodes() {
      return state.chainCodes;
    },
    get propertyCodes() {
      return state.propertyCodes;
    },
    refresh,
  };
}

async function readDirectory(catalog: PropertyCatalog): Promise<DirectoryState> {
  const chainByProperty = new Map<string, string>();
  const chains = await catalog.listChains();
  for (const chain of chains) {
    for (const code of chain.propertyCodes) chainByProperty.set(code, chain.code);
  }
  return { chainByProperty, chainCodes: chains.map((chain) => chain.code), propertyCodes: [...chainByProperty.keys()] };
}
