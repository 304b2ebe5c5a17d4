import { AvailabilityMultiResponse, type SupportedLanguage } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

const ACME = '/v1/availability/multi?chainCode=ACME&checkin=2026-12-10&checkout=2026-12-13&currency=EUR';

/** Lisbon and London as ACME's destinations are named in each language (sandbox world/destinations.ts). */
const LISBON: Record<SupportedLanguage, string> = { en: 'Lisbon', es: 'Lisboa', fr: 'Lisbonne', de: 'Lissabon', it: 'Lisbona', pt: 'Lisboa' };
const LONDON: Record<SupportedLanguage, string> = { en: 'London', es: 'Londres', fr: 'Londres', de: 'London', it: 'Londra', pt: 'Londres' };

describe('a chain answer as each request is shown it', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  async function answer(query: string, headers: Record<string, string> = {}) {
    const response = await api.get(`${ACME}&${query}`, headers);
    expect(response.status, response.text).toBe(200);
    return AvailabilityMultiResponse.parse(response.body);
  }

  describe('sandbox photos', () => {
    it('points each photo at this service, where it is a small cacheable picture', async () => {
      const { hotels } = await answer('');
      expect(hotels.length).toBeGreaterThan(0);
      for (const hotel of hotels) {
        for (const [url, width] of [[hotel.photo, 640], [hotel.photoM, 1024], [hotel.photoL, 1920]] as const) {
          expect(url).toBe(`${api.url}/sandbox/photos/${hotel.code}/${width}.svg`);
        }
      }
      const photo = await api.get(new URL(hotels[0].photoM).pathname);
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/svg+xml');
      expect(photo.headers['cache-control']).toBe('public, max-age=86400');
      expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(photo.text).toMatch(/^<svg [^>]*width="1024" height="768"/);
      expect(photo.text).toContain(hotels[0].code);
      expect((await api.get(new URL(hotels[0].photoM).pathname, { 'if-none-match': String(photo.headers.etag) })).status).toBe(304);
    });

    it('draws the same picture for the same property every time, and another for another', async () => {
      const [first, again, other] = await Promise.all(
        ['/sandbox/photos/ACME001/640.svg', '/sandbox/photos/ACME001/640.svg', '/sandbox/photos/ACME002/640.svg'].map((path) => api.get(path)),
      );
      expect(again.text).toBe(first.text);
      expect(other.text).not.toBe(first.text);
    });

    it('names the origin the request reached, as a proxy forwards it when trusted', async () => {
      const proxied = await startApi({ env: { TRUST_PROXY: 'loopback' } });
      try {
        const response = await proxied.get(`${ACME}`, { 'x-forwarded-host': 'hotels.test:9443' });
        expect(response.status, response.text).toBe(200);
        expect(response.body.hotels[0].photo).toMatch(/^https:\/\/hotels\.test:9443\/sandbox\/photos\//);
      } finally {
        await proxied.close();
      }
    });

    it('answers a photo size or code it does not make with a 404 in the API shape', async () => {
      for (const path of ['/sandbox/photos/ACME001/641.svg', '/sandbox/photos/ACME001/big.svg', '/sandbox/photos/AC%3CME/640.svg']) {
        const response = await api.get(path);
        expect(response.status, path).toBe(404);
        expect(response.body.error.code, path).toBe('route_not_found');
      }
    });

    it('is not served without the sandbox keys', async () => {
      const production = await startApi({ env: { SANDBOX_KEYS: 'false' } });
      try {
        expect((await production.get('/sandbox/photos/ACME001/640.svg')).status).toBe(404);
      } finally {
        await production.close();
      }
    });
  });

  describe('destination names', () => {
    it.each(Object.keys(LISBON) as SupportedLanguage[])('are in the answer language (%s): facets and each hotel', async (lang) => {
      const { hotels, metadata } = await answer(`lang=${lang}`);
      expect(metadata.destinations[LISBON[lang]]).toBeGreaterThan(0);
      expect(metadata.destinations[LONDON[lang]]).toBeGreaterThan(0);
      const names = new Set(hotels.map((hotel) => hotel.location.name));
      expect(names).toContain(LISBON[lang]);
      expect([...names].every((name) => name in metadata.destinations)).toBe(true);
    });

    it("are the names the sandbox's own hotel names use, for every chain, in every language", async () => {
      for (const chain of ['ACME', 'BLUE', 'MEGA']) {
        const search = `/v1/availability/multi?chainCode=${chain}&checkin=2026-12-10&checkout=2026-12-13&currency=EUR`;
        const english = new Map(AvailabilityMultiResponse.parse((await api.get(search)).body).hotels.map((hotel) => [hotel.code, hotel.name]));
        for (const lang of Object.keys(LISBON)) {
          const { hotels } = AvailabilityMultiResponse.parse((await api.get(`${search}&lang=${lang}`)).body);
          // "ACME Lisbonne Opéra" stands in "Lisbonne": the sandbox's cities and @hotelapi/i18n's names
          // agree (a hotel whose name has no translation keeps its English one).
          const disagreeing = hotels
            .filter((hotel) => !hotel.name.includes(` ${hotel.location.name} `) && hotel.name !== english.get(hotel.code))
            .map((hotel) => `${hotel.name} in ${hotel.location.name}`);
          expect(disagreeing, `${chain}, ${lang}`).toEqual([]);
        }
      }
    });

    it('filter by the name the answer gave, in its language, or by the English one', async () => {
      const english = await answer('lang=en&destination=Lisbon');
      const codes = english.hotels.map((hotel) => hotel.code);
      expect(codes.length).toBeGreaterThan(0);
      for (const lang of ['de', 'fr', 'pt'] as const) {
        const translated = await answer(`lang=${lang}&destination=${encodeURIComponent(LISBON[lang])}`);
        expect(translated.hotels.map((hotel) => hotel.code), lang).toEqual(codes);
        expect(Object.keys(translated.metadata.destinations), lang).toContain(LISBON[lang]);
        expect((await answer(`lang=${lang}&destination=Lisbon`)).hotels.map((hotel) => hotel.code), lang).toEqual(codes);
      }
      // A widget that switches from French to German keeps the French name it had picked.
      expect((await answer('lang=de&destination=Lisbonne')).hotels.map((hotel) => hotel.code)).toEqual(codes);
      expect(new Set((await answer('lang=de&destination=lisbonne')).hotels.map((hotel) => hotel.location.name))).toEqual(new Set(['Lissabon']));
    });
  });
});
