import { DESTINATIONS as D, type Destination } from './destinations.js';

/** A sandbox chain: its identity, its size and where its properties stand. */
export interface ChainDefinition {
  readonly code: string;
  readonly name: string;
  /** How its property names start, e.g. "ACME" in "ACME Lisbon Riverside". */
  readonly brand: string;
  /** Number of properties. Their codes are the chain code and the ordinal (from 1), zero-padded. */
  readonly size: number;
  readonly ordinalDigits: number;
  /** Properties are dealt to these in turn: ordinal 1 to the first, 2 to the second, and round again. */
  readonly destinations: readonly Destination[];
  /** Its home city, whose centre is the chain's centre for distance sorting. */
  readonly headquarters: Destination;
  readonly websiteOrigin: string;
  readonly bookingOrigin: string;
  /** Browser origins allowed to call the keyless availability endpoint. */
  readonly widgetOrigins: readonly string[];
}

export const CHAINS: readonly ChainDefinition[] = [
  {
    code: 'ACME',
    name: 'ACME Hotels & Resorts',
    brand: 'ACME',
    size: 40,
    ordinalDigits: 3,
    // Both hemispheres, eight time zones and eight currencies (JPY prices in whole units).
    destinations: [D.lisbon, D.barcelona, D.london, D.newYork, D.sydney, D.capeTown, D.tokyo, D.rioDeJaneiro],
    headquarters: D.lisbon,
    websiteOrigin: 'https://www.acme-hotels.example',
    bookingOrigin: 'https://book.acme-hotels.example',
    widgetOrigins: ['https://www.acme-hotels.example', 'http://localhost:3000'],
  },
  {
    code: 'BLUE',
    name: 'Blue Coast Boutique Hotels',
    brand: 'Blue',
    size: 3,
    ordinalDigits: 3,
    destinations: [D.porto, D.faro],
    headquarters: D.porto,
    websiteOrigin: 'https://blue.example',
    bookingOrigin: 'https://book.blue.example',
    widgetOrigins: ['https://blue.example'],
  },
  {
    code: 'MEGA',
    name: 'MegaStay International',
    brand: 'MegaStay',
    size: 500,
    ordinalDigits: 4,
    destinations: Object.values(D),
    headquarters: D.paris,
    websiteOrigin: 'https://mega.example',
    bookingOrigin: 'https://book.mega.example',
    widgetOrigins: ['https://mega.example'],
  },
];

/**
 * Chains only an export asks for by name (`--chains XL`): kept out of the default world so its
 * chain list, and every figure and test built on it, stay as they are.
 */
export const EXTRA_CHAINS: readonly ChainDefinition[] = [
  {
    // XL's small sibling: the same spread at a tenth of MEGA, the bottom of the size series.
    code: 'XS',
    name: 'XS Hotels Worldwide',
    brand: 'XS',
    size: 50,
    ordinalDigits: 3,
    destinations: Object.values(D),
    headquarters: D.london,
    websiteOrigin: 'https://xs-hotels.example',
    bookingOrigin: 'https://book.xs-hotels.example',
    widgetOrigins: ['https://xs-hotels.example'],
  },
  {
    code: 'XL',
    name: 'XL Hotels Worldwide',
    brand: 'XL',
    // The size of the largest real chains, to show chain-wide requests at that scale.
    size: 5000,
    ordinalDigits: 5,
    destinations: Object.values(D),
    headquarters: D.london,
    websiteOrigin: 'https://xl-hotels.example',
    bookingOrigin: 'https://book.xl-hotels.example',
    widgetOrigins: ['https://xl-hotels.example'],
  },
];

const chainsByCode = new Map(CHAINS.map((chain) => [chain.code, chain]));
const extraChainsByCode = new Map(EXTRA_CHAINS.map((chain) => [chain.code, chain]));

export function findChain(code: string): ChainDefinition | undefined {
  return chainsByCode.get(code);
}

/** The chains named, from the default world or the extra ones, and the codes neither has. */
export function chainsNamed(codes: readonly string[]): { found: ChainDefinition[]; unknown: string[] } {
  const found: ChainDefinition[] = [];
  const unknown: string[] = [];
  for (const code of codes) {
    const chain = chainsByCode.get(code) ?? extraChainsByCode.get(code);
    if (chain) found.push(chain);
    else unknown.push(code);
  }
  return { found, unknown };
}

export function propertyCodeOf(chain: ChainDefinition, ordinal: number): string {
  return chain.code + String(ordinal).padStart(chain.ordinalDigits, '0');
}

export function propertyCodesOf(chain: ChainDefinition): string[] {
  return Array.from({ length: chain.size }, (_, index) => propertyCodeOf(chain, index + 1));
}

/** Where a property code sits in the sandbox world; everything else about it derives from its seed. */
export interface PropertySlot {
  readonly code: string;
  readonly chain: ChainDefinition;
  /** 1-based position in the chain. */
  readonly ordinal: number;
  readonly destination: Destination;
  /** 0 for the chain's first property in that destination, 1 for the second, ... */
  readonly rankInDestination: number;
}

const CODE_PATTERN = /^([A-Z]+)(\d+)$/;

/**
 * The slot of a property code, or undefined when none of the chains (the default world's unless
 * told) has that code (codes are exact).
 */
export function locateProperty(code: string, chainOf: (code: string) => ChainDefinition | undefined = findChain): PropertySlot | undefined {
  const match = CODE_PATTERN.exec(code);
  const chain = match && chainOf(match[1]);
  if (!match || !chain) return undefined;
  const ordinal = Number(match[2]);
  if (ordinal < 1 || ordinal > chain.size || propertyCodeOf(chain, ordinal) !== code) return undefined;
  const { destinations } = chain;
  return {
    code,
    chain,
    ordinal,
    destination: destinations[(ordinal - 1) % destinations.length],
    rankInDestination: Math.floor((ordinal - 1) / destinations.length),
  };
}
