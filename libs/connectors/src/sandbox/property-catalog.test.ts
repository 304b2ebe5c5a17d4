import { RatePlanKind, SupportedLanguage } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import type { Property } from '../ports/property-catalog.js';
import { SANDBOX_EXTRAS } from './catalog/extras.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';
import { SANDBOX_FIXTURES } from './fixtures.js';
import { DESTINATIONS } from './world/destinations.js';

const { catalog } = createSandboxConnectors();
const SIX_LANGUAGES = SupportedLanguage.options;
const BOARD_CODES = [14, 3, 12, 10, 1, 15];

async function propertiesOf(chainCode: string): Promise<Property[]> {
  const chain = await catalog.getChain(chainCode);
  const properties = await Promise.all((chain?.propertyCodes ?? []).map((code) => catalog.getProperty(code)));
  return properties.filter((property) => property !== undefined);
}

/** Great-circle distance in km. */
function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('sandbox chains', () => {
  it('has ACME, BLUE and MEGA with their exact property code ranges', async () => {
    const chains = await catalog.listChains();
    expect(chains.map((chain) => chain.code)).toEqual(['ACME', 'BLUE', 'MEGA']);
    const [acme, blue, mega] = chains;
    expect(acme.propertyCodes).toHaveLength(40);
    expect([acme.propertyCodes[0], acme.propertyCodes.at(-1)]).toEqual(['ACME001', 'ACME040']);
    expect(blue.propertyCodes).toEqual(['BLUE001', 'BLUE002', 'BLUE003']);
    expect(mega.propertyCodes).toHaveLength(500);
    expect([mega.propertyCodes[0], mega.propertyCodes.at(-1)]).toEqual(['MEGA0001', 'MEGA0500']);
  });

  it('names each chain, its centre and the widget origins allowed to call it', async () => {
    const acme = await catalog.getChain('ACME');
    expect(acme?.name).toBeTruthy();
    expect(acme?.centre).toEqual(DESTINATIONS.lisbon.centre);
    expect(acme?.widgetOrigins).toEqual(['https://www.acme-hotels.example', 'http://localhost:3000']);
    expect((await catalog.getChain('BLUE'))?.widgetOrigins).toEqual(['https://blue.example']);
    expect((await catalog.getChain('MEGA'))?.widgetOrigins).toEqual(['https://mega.example']);
    expect(await catalog.getChain('NOPE')).toBeUndefined();
  });

  it('spreads ACME over destinations in both hemispheres, countries, time zones and currencies', async () => {
    const acme = await propertiesOf('ACME');
    expect(new Set(acme.map((property) => property.destination)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(acme.map((property) => property.countryCode)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(acme.map((property) => property.timeZone)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(acme.map((property) => property.currency)).size).toBeGreaterThanOrEqual(4);
    expect(acme.some((property) => property.location.lat < 0)).toBe(true);
    expect(acme.some((property) => property.location.lat > 0)).toBe(true);
    expect(acme.map((property) => property.currency)).toContain('JPY');
  });

  it('places every property within a few km of its destination centre', async () => {
    const centres = new Map(Object.values(DESTINATIONS).map((destination) => [destination.name, destination.centre]));
    for (const property of [...(await propertiesOf('ACME')), ...(await propertiesOf('BLUE'))]) {
      const centre = centres.get(property.destination);
      expect(centre, property.code).toBeDefined();
      expect(kmBetween(property.location, centre ?? property.location)).toBeLessThan(5);
    }
  });

  it('gives MEGA many destinations, generating its properties on request', async () => {
    const mega = await propertiesOf('MEGA');
    expect(mega).toHaveLength(500);
    expect(new Set(mega.map((property) => property.destination)).size).toBeGreaterThanOrEqual(30);
  });
});

describe('sandbox properties', () => {
  it('fill every field within the documented ranges', async () => {
    const properties = [...(await propertiesOf('ACME')), ...(await propertiesOf('BLUE'))];
    for (const property of properties) {
      expect(property.rating).toBeGreaterThanOrEqual(1);
      expect(property.rating).toBeLessThanOrEqual(5);
      expect([1, 2]).toContain(property.nightsMin);
      expect(property.nightsMax).toBeGreaterThanOrEqual(14);
      expect(property.nightsMax).toBeLessThanOrEqual(30);
      expect(property.rooms.length).toBeGreaterThanOrEqual(3);
      expect(property.rooms.length).toBeLessThanOrEqual(8);
      expect(property.rooms.some((room) => room.active)).toBe(true);
      expect(property.ratePlans.length).toBeGreaterThanOrEqual(2);
      expect(property.ratePlans.length).toBeLessThanOrEqual(4);
      expect(property.ratePlans.map((plan) => plan.kind)).toContain('REFUNDABLE');
      expect(new Set(property.ratePlans.map((plan) => plan.code)).size).toBe(property.ratePlans.length);
      for (const plan of property.ratePlans) {
        expect(RatePlanKind.options).toContain(plan.kind);
        expect(BOARD_CODES).toContain(plan.boardCode);
        for (const extra of plan.extras) expect(SANDBOX_EXTRAS).toContain(extra);
        expect(plan.cancellation.kind === 'NON_REFUNDABLE').toBe(plan.kind === 'NON_REFUNDABLE');
        expect(plan.beRateIds.length).toBeGreaterThan(0);
      }
      for (const url of [property.url, property.bookingUrl, ...Object.values(property.photos)]) {
        expect(new URL(url).hostname.endsWith('.example'), url).toBe(true);
      }
      expect(property.noOfPhotos).toBeGreaterThan(0);
      expect(property.bedrooms).toBeGreaterThan(0);
    }
    expect(new Set(properties.map((property) => property.rating)).size).toBe(5);
    expect(properties.some((property) => property.rooms.some((room) => !room.active))).toBe(true);
    expect(new Set(properties.flatMap((property) => property.ratePlans.map((plan) => plan.boardCode))).size).toBeGreaterThanOrEqual(4);
    expect(new Set(properties.flatMap((property) => property.ratePlans.map((plan) => plan.kind))).size).toBe(4);
  });

  it('link to the chain’s booking engine by code', async () => {
    const property = await catalog.getProperty('ACME001');
    expect(property?.bookingUrl).toBe('https://book.acme-hotels.example/ACME001');
    expect(property?.url).toBe('https://www.acme-hotels.example/hotels/acme001');
  });

  it('have names that never repeat within a chain', async () => {
    for (const chainCode of ['ACME', 'MEGA']) {
      const names = (await propertiesOf(chainCode)).map((property) => property.name.en);
      expect(new Set(names).size, chainCode).toBe(names.length);
    }
  });

  it('leave the listed fixtures out of widget search, and only those', async () => {
    const hidden = (await propertiesOf('ACME')).filter((property) => !property.includeInWidgetSearch).map((property) => property.code);
    expect(hidden).toEqual(SANDBOX_FIXTURES.hiddenFromWidgetSearch);
  });

  it('are unknown outside the chains’ ranges, with exact codes only', async () => {
    for (const code of ['ACME000', 'ACME041', 'ACME01', 'acme001', 'MEGA501', 'MEGA0501', 'BLUE004', 'NOPE001', '']) {
      expect(await catalog.getProperty(code), code).toBeUndefined();
    }
  });
});

describe('sandbox texts', () => {
  it('are translated into the six languages for the showcase property', async () => {
    const property = await catalog.getProperty(SANDBOX_FIXTURES.showcase);
    const texts = [property?.name, property?.description, ...(property?.rooms ?? []).flatMap((room) => [room.name, room.description])];
    for (const text of [...texts, ...(property?.ratePlans ?? []).map((plan) => plan.name)]) {
      expect(Object.keys(text ?? {}).sort()).toEqual([...SIX_LANGUAGES].sort());
    }
    expect(property?.name.pt).not.toBe(property?.name.en);
  });

  it('are in English only for the untranslated fixtures', async () => {
    for (const code of SANDBOX_FIXTURES.englishOnly) {
      const property = await catalog.getProperty(code);
      expect(Object.keys(property?.name ?? {}), code).toEqual(['en']);
      expect(Object.keys(property?.rooms[0].description ?? {}), code).toEqual(['en']);
      expect(Object.keys(property?.ratePlans[0].name ?? {}), code).toEqual(['en']);
    }
  });

  it('miss exactly the listed languages for the partially translated fixtures', async () => {
    for (const [code, missing] of Object.entries(SANDBOX_FIXTURES.partiallyTranslated)) {
      const property = await catalog.getProperty(code);
      const expected = SIX_LANGUAGES.filter((language) => !missing.includes(language));
      expect(Object.keys(property?.description ?? {}), code).toEqual(expected);
      expect(Object.keys(property?.rooms[0].name ?? {}), code).toEqual(expected);
    }
  });
});
