import { canReadChain, canReadProperty, type GrantHolder } from '@hotelapi/auth';
import type { PropertyDirectory } from '../../services/property-directory.js';

/** The property codes a caller may read, in the catalog's order: what it may browse and be offered. */
export function readablePropertyCodes(directory: PropertyDirectory, caller: GrantHolder): readonly string[] {
  return directory.propertyCodes.filter((code) => canReadProperty(caller, code, directory.chainOf));
}

/** The chain codes a caller may search as a whole. */
export function readableChainCodes(directory: PropertyDirectory, caller: GrantHolder): readonly string[] {
  return directory.chainCodes.filter((code) => canReadChain(caller, code));
}
