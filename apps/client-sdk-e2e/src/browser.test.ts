/**
 * The published package in a browser: `npm pack` of the SDK, installed into an empty project, served
 * from a loopback HTTPS origin with an import map (no bundler), imported by a page in headless
 * Chromium, and calling the real API. Every check of a result or an error class runs inside the page.
 */

import { startApi, type RunningApi } from '@hotelapi/api/testing';
import type * as HotelApiModule from '@hotelapi/client';
import type { JSHandle, Page, Response as BrowserResponse } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAY } from './support/api.js';
import { chromiumMissing, launchChromium, type Chromium } from './support/chromium.js';
import { packAndInstallSdk, SDK_VERSION, type PackedSdk } from './support/packed-sdk.js';
import { ALLOWED_HOST, FOREIGN_HOST, startSdkPage, type SdkPage } from './support/sdk-page.js';

const underCi = process.env['CI'] === 'true';
const SANDBOX_KEY = 'sk_test_sandbox';
const CALENDAR = { chainCode: 'ACME', from: '2026-12-01', to: '2026-12-14', currency: 'EUR' } as const;
const MULTI = { chainCode: 'ACME', checkin: STAY.checkIn, checkout: STAY.checkOut, currency: 'EUR' } as const;

/** What a failed call rejected with, as seen inside the page. */
interface CaughtInPage {
  readonly name: string;
  readonly message: string;
  /** `instanceof` each of the SDK's error classes that matched, inside the page. */
  readonly instanceOf: string[];
  readonly status?: number;
  readonly type?: string;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
}

describe.skipIf(chromiumMissing !== undefined && !underCi)(
  `the packed SDK in Chromium${chromiumMissing ? ` [skipped: ${chromiumMissing}]` : ''}`,
  () => {
    let api: RunningApi;
    let sdk: PackedSdk;
    let sdkPage: SdkPage;
    let chromium: Chromium;
    let page: Page;

    beforeAll(async () => {
      if (chromiumMissing) throw new Error(`CI needs Chromium for the SDK's browser tests: ${chromiumMissing}`);
      api = await startApi();
      sdk = await packAndInstallSdk('hotelapi-client-browser-');
      sdkPage = await startSdkPage(sdk.project, '@hotelapi/client');
      chromium = await launchChromium(sdkPage.hostRules, [api.ca, sdkPage.certificate]);
    }, 180_000);

    afterAll(async () => {
      await chromium?.close();
      await sdkPage?.close();
      await api?.close();
      sdk?.remove();
    });

    beforeEach(async () => {
      page = await chromium.context.newPage();
      return () => page.close();
    });

    /** Opens the test page at `host` and returns the SDK module it imported. */
    async function openSdk(host = ALLOWED_HOST): Promise<JSHandle<typeof HotelApiModule>> {
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
      await page.goto(`https://${host}/`);
      await page.waitForFunction(() => 'HotelApi' in globalThis, undefined, { timeout: 10_000 }).catch(() => {
        throw new Error(`the page did not import the SDK: ${failures.join('; ') || 'no error reported'}`);
      });
      return page.evaluateHandle(() => (globalThis as unknown as { HotelApi: typeof HotelApiModule }).HotelApi);
    }

    /** Responses of the API (not the page's own files) that the browser received, in order. */
    function apiResponses(from: RunningApi): BrowserResponse[] {
      const responses: BrowserResponse[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(from.url)) responses.push(response);
      });
      return responses;
    }

    it('imports the packed ESM entry and its dependency ky through an import map, without Node built-ins', async () => {
      expect(sdkPage.importMap.imports).toEqual({
        '@hotelapi/client': '/node_modules/@hotelapi/client/dist/index.js',
        ky: '/node_modules/ky/distribution/index.js',
      });
      const HotelApi = await openSdk();
      const exported = await HotelApi.evaluate((module) => ({
        version: module.VERSION,
        client: typeof module.HotelApiClient,
        errors: Object.keys(module).filter((name) => name.endsWith('Error')).sort(),
      }));
      expect(exported).toEqual({
        version: SDK_VERSION,
        client: 'function',
        errors: [
          'AuthenticationError',
          'ConnectionError',
          'HotelApiError',
          'InvalidRequestError',
          'NotFoundError',
          'PermissionError',
          'RateLimitError',
          'ServerError',
          'TimeoutError',
        ],
      });
    });

    it('calls the price calendar keyless from an origin chain ACME allows, with the answer the API gives', async () => {
      const HotelApi = await openSdk();
      const inPage = await HotelApi.evaluate(
        async ({ HotelApiClient }, { baseUrl, params }) => {
          const result = await new HotelApiClient({ baseUrl }).availability.calendar(params);
          return { dates: result.dates, symbol: result.symbol, requestId: result.requestId };
        },
        { baseUrl: api.url, params: CALENDAR },
      );
      const fromNode = await api.get(`/v1/availability/calendar?${new URLSearchParams(CALENDAR)}`);
      expect(fromNode.status).toBe(200);
      expect(inPage.dates).toEqual(fromNode.body.dates);
      expect(inPage.dates.some((day) => day.bookable && day.price !== null)).toBe(true);
      expect(inPage.symbol).toBe('€');
      // The page can read X-Request-Id only because the API exposes it to the chain's origins.
      expect(inPage.requestId).toMatch(/^req_/);
    });

    it('calls chain availability keyless, in the language asked for, with the answer the API gives', async () => {
      const HotelApi = await openSdk();
      const inPage = await HotelApi.evaluate(
        async ({ HotelApiClient }, { baseUrl, params }) => {
          const { hotels, currency } = await new HotelApiClient({ baseUrl, language: 'pt' }).availability.multi(params);
          return { hotels: hotels.map((hotel) => ({ code: hotel.code, name: hotel.name, minprice: hotel.minprice })), currency };
        },
        { baseUrl: api.url, params: MULTI },
      );
      const fromNode = await api.get(`/v1/availability/multi?${new URLSearchParams(MULTI)}`, { 'accept-language': 'pt' });
      expect(fromNode.status).toBe(200);
      const expected = (fromNode.body.hotels as { code: string; name: string; minprice: number }[]).map(({ code, name, minprice }) => ({ code, name, minprice }));
      expect(expected.length).toBeGreaterThan(0);
      expect(inPage).toEqual({ hotels: expected, currency: 'EUR' });
    });

    it('rejects a 400 with InvalidRequestError, a HotelApiError, checked by instanceof in the page', async () => {
      const HotelApi = await openSdk();
      const caught = await HotelApi.evaluate(
        async (module, { baseUrl, params }) => {
          const error = await new module.HotelApiClient({ baseUrl }).availability.calendar(params).then(
            () => undefined,
            (rejection: unknown) => rejection,
          );
          if (!(error instanceof Error)) return undefined;
          const classes = ['HotelApiError', 'InvalidRequestError', 'NotFoundError', 'AuthenticationError', 'ConnectionError'] as const;
          const { status, type, requestId } = error as Partial<HotelApiModule.HotelApiError>;
          return {
            name: error.name,
            message: error.message,
            instanceOf: classes.filter((name) => error instanceof module[name]),
            status,
            type,
            requestId,
          } satisfies CaughtInPage;
        },
        { baseUrl: api.url, params: { ...CALENDAR, currency: 'XXX' } },
      );
      expect(caught).toMatchObject({
        name: 'InvalidRequestError',
        instanceOf: ['HotelApiError', 'InvalidRequestError'],
        status: 400,
        type: 'invalid_request_error',
        message: expect.stringMatching(/^currency: /),
        requestId: expect.stringMatching(/^req_/),
      });
    });
  },
);
