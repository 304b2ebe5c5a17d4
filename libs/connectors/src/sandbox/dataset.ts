import { PropertyNotFoundError } from '../errors.js';
import type { Chain } from '../ports/property-catalog.js';
import { generateProperty } from './catalog/generate-property.js';
import type { AriCalendar } from '../pricing/rate-rules.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';
import { sandboxCalendar } from './pricing/nights.js';
import { SandboxPushes } from './pushed-data.js';
import { CHAINS, locateProperty, propertyCodesOf, type ChainDefinition } from './world/chains.js';

function toChain(definition: ChainDefinition): Chain {
  return {
    code: definition.code,
    name: definition.name,
    propertyCodes: propertyCodesOf(definition),
    centre: definition.headquarters.centre,
    widgetOrigins: definition.widgetOrigins,
  };
}

/**
 * The sandbox world of one connector instance. Chains are small and built at once; a property is
 * generated the first time anything asks for it and kept, so MEGA's 500 properties cost nothing
 * until a request names them.
 */
export class SandboxDataset {
  readonly chains: readonly Chain[];
  private readonly chainsByCode: ReadonlyMap<string, Chain>;
  private readonly definitionsByCode: ReadonlyMap<string, ChainDefinition>;
  private readonly properties = new Map<string, SandboxProperty>();
  private readonly calendars = new WeakMap<SandboxProperty, AriCalendar>();
  /** What `POST /v1/data` pushed, in memory, over the generated figures. */
  readonly pushes = new SandboxPushes((code) => this.findProperty(code));

  /** The default world's chains unless told (an export may add the extra ones). */
  constructor(definitions: readonly ChainDefinition[] = CHAINS) {
    this.chains = definitions.map(toChain);
    this.chainsByCode = new Map(this.chains.map((chain) => [chain.code, chain]));
    this.definitionsByCode = new Map(definitions.map((definition) => [definition.code, definition]));
  }

  findChain(code: string): Chain | undefined {
    return this.chainsByCode.get(code);
  }

  /** The property, generated on first use; undefined for a code no sandbox chain has. */
  findProperty(code: string): SandboxProperty | undefined {
    let property = this.properties.get(code);
    if (!property) {
      const slot = locateProperty(code, (chainCode) => this.definitionsByCode.get(chainCode));
      if (!slot) return undefined;
      property = generateProperty(slot);
      this.properties.set(code, property);
    }
    return property;
  }

  /** As `findProperty`, for ports where an unknown code is an error. */
  requireProperty(code: string): SandboxProperty {
    const property = this.findProperty(code);
    if (!property) throw new PropertyNotFoundError(code);
    return property;
  }

  /** The property's ARI calendar: hashed (built once per property), under what was pushed for it. */
  calendarOf(sandbox: SandboxProperty): AriCalendar {
    let calendar = this.calendars.get(sandbox);
    if (!calendar) {
      calendar = sandboxCalendar(sandbox);
      this.calendars.set(sandbox, calendar);
    }
    return this.pushes.overlay(sandbox.property.code, calendar);
  }
}
