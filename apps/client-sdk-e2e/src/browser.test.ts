/**
 * The published package in a browser: `npm pack` of the SDK, installed into an empty project, served
 * from a loopback HTTPS origin with an import map (no bundler), imported by a page in headless
 * Chromium, and calling the real API. Every check of a result or an error class runs inside the page.
 */

import { startApi, type RunningApi } from '@hotelapi/api/testing';
import type * as HotelApiModule from '@hotelapi/client';
import type { JSHandle, Page, Response as BrowserResponse } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentServer, STAY } from './support/api.js';
import { chromiumMissing, launchChromium, type Chromium } from '@hotelapi/api/browser';
import { packAndInstallSdk, SDK_VERSION, type PackedPackage } from './support/packed-sdk.js';
import { ALLOWED_HOST, FOREIGN_HOST, startSdkPage, type SdkPage } from './support/sdk-page.js';

const underCi = process.env['CI'] === 'true';
const SANDBOX_KEY = 'sk_test_sandbox';
const CALENDAR = { chainCode: 'ACME', from: '2026-12-01', to: '2026-12-14', currency: 'EUR' } as const;
const MULTI = { chainCode: 'ACME', checkin: STAY.checkIn, checkout: STAY.checkOut, currency: 'EUR' } as const;

type Sdk = typeof HotelApiModule;

/** A call for the page to make: the client's options (JSON only), a method such as `availability.calendar`, its arguments. */
interface PageCall {
  readonly client: Pick<HotelApiModule.ClientOptions, 'apiKey' | 'maxRetries' | 'timeoutMs' | 'language'> & { readonly baseUrl: string };
  readonly method: `${'availability' | 'shopper' | 'reviews' | 'properties' | 'parity'}.${string}`;
  readonly args: readonly unknown[];
}

/** What a failed call rejected with, as seen inside the page. */
interface CaughtInPage {
  readonly name: string;
  readonly message: string;
  /** The SDK's error classes the rejection is an `instanceof`, tested inside the page. */
  readonly instanceOf: string[];
  readonly status?: number;
  readonly type?: string;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
}

/** How a call went in the page: its result or what it rejected with, and how long it took there. */
type PageOutcome = ({ readonly result: unknown; readonly error?: undefined } | { readonly result?: undefined; readonly error: CaughtInPage }) & {
  readonly elapsedMs: number;
};

/** Makes `call` with a new client inside the page; errors are classified there, by `instanceof`. */
function callInPage(HotelApi: JSHandle<Sdk>, call: PageCall): Promise<PageOutcome> {
  return HotelApi.evaluate(async (module, { client, method, args }) => {
    const [resource, name] = method.split('.') as [string, string];
    const target = (new module.HotelApiClient(client) as unknown as Record<string, Record<string, unknown>>)[resource];
    const callable = target?.[name];
    if (typeof callable !== 'function') throw new Error(`the client has no method ${method}`);
    const started = performance.now();
    try {
      const result: unknown = await callable.apply(target, args);
      return { result, elapsedMs: performance.now() - started };
    } catch (rejection) {
      const elapsedMs = performance.now() - started;
      const error = rejection as Error & Partial<HotelApiModule.RateLimitError>;
      const classes = Object.keys(module).filter((key) => key.endsWith('Error')) as (keyof Sdk & `${string}Error`)[];
      return {
        elapsedMs,
        error: {
          name: error.name,
          message: error.message,
          instanceOf: classes.filter((key) => error instanceof module[key]).sort(),
          status: error.status,
          type: error.type,
          requestId: error.requestId,
          retryAfterMs: error.retryAfterMs,
        },
      };
    }
  }, call);
}

if (chromiumMissing && !underCi) console.warn(`Skipping the SDK's browser tests: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== undefined && !underCi)(
  `the packed SDK in Chromium${chromiumMissing ? ` [${underCi ? 'failing' : 'skipped'}: ${chromiumMissing}]` : ''}`,
  () => {
    let api: RunningApi;
    let sdk: PackedPackage;
    let sdkPage: SdkPage;
    let chromium: Chromium;
    let page: Page;

    beforeAll(async () => {
      if (chromiumMissing) throw new Error(`CI needs Chromium for the SDK's browser tests: ${chromiumMissing}`);
      api = await startApi();
      sdk = await packAndInstallSdk('hotelapi-client-browser-');
      sdkPage = await startSdkPage(sdk.project, '@hotelapi/client');
      chromium = await launchChromium({ hostRules: sdkPage.hostRules, trustedCertificates: [api.ca, sdkPage.certificate] });
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
    async function openSdk(host = ALLOWED_HOST): Promise<JSHandle<Sdk>> {
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
      await page.goto(`https://${host}/`);
      await page.waitForFunction(() => 'HotelApi' in globalThis, undefined, { timeout: 10_000 }).catch(() => {
        throw new Error(`the page did not import the SDK: ${failures.join('; ') || 'no error reported'}`);
      });
      return page.evaluateHandle(() => (globalThis as unknown as { HotelApi: Sdk }).HotelApi);
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
          'ConflictError',
          'ConnectionError',
          'HotelApiError',
          'InvalidRequestError',
          'NotFoundError',
          'PermissionError',
          'RateLimitError',
          'ServerError',
          'TimeoutError',
          'WebhookVerificationError',
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
      const { error } = await callInPage(HotelApi, {
        client: { baseUrl: api.url },
        method: 'availability.calendar',
        args: [{ ...CALENDAR, currency: 'XXX' }],
      });
      expect(error).toMatchObject({
        name: 'InvalidRequestError',
        instanceOf: ['HotelApiError', 'InvalidRequestError'],
        status: 400,
        type: 'invalid_request_error',
        message: expect.stringMatching(/^currency: /),
        requestId: expect.stringMatching(/^req_/),
      });
    });

    it('keyed endpoints do not answer browsers: the call is a ConnectionError, though the same key works from a server', async () => {
      const path = `/v1/shopper/ACME001?${new URLSearchParams(STAY)}`;
      expect((await api.get(path, { authorization: `Bearer ${SANDBOX_KEY}` })).status).toBe(200);
      // The browser asks first (the Authorization header is not CORS-safelisted); the API grants nothing.
      const preflight = await api.request('OPTIONS', path, {
        headers: { origin: `https://${ALLOWED_HOST}`, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBe(405);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

      const HotelApi = await openSdk();
      const client = { baseUrl: api.url, apiKey: SANDBOX_KEY, maxRetries: 0 };
      const { error } = await callInPage(HotelApi, { client, method: 'shopper.get', args: ['ACME001', STAY] });
      expect(error).toMatchObject({
        name: 'ConnectionError',
        instanceOf: ['ConnectionError', 'HotelApiError'],
        status: undefined,
        type: 'connection_error',
        message: expect.stringContaining('CORS'),
      });
      // The same client's keyless calls work: they never send the key.
      const { result } = await callInPage(HotelApi, { client, method: 'availability.calendar', args: [CALENDAR] });
      expect(result).toMatchObject({ chainCode: 'ACME', dates: expect.arrayContaining([expect.objectContaining({ bookable: true })]) });
    });

    it('a refusal by CORS (an origin the chain does not allow, an unknown chain) is a ConnectionError', async () => {
      const foreign = await openSdk(FOREIGN_HOST);
      const fromForeignOrigin = await callInPage(foreign, { client: { baseUrl: api.url, maxRetries: 0 }, method: 'availability.calendar', args: [CALENDAR] });
      expect(fromForeignOrigin.error).toMatchObject({ name: 'ConnectionError', instanceOf: ['ConnectionError', 'HotelApiError'], status: undefined });

      // From a server an unknown chain is a 401 (AuthenticationError); a browser never sees it, as no origin is allowed.
      expect((await api.get(`/v1/availability/calendar?${new URLSearchParams({ ...CALENDAR, chainCode: 'NOPE' })}`)).status).toBe(401);
      const allowed = await openSdk();
      const unknownChain = await callInPage(allowed, {
        client: { baseUrl: api.url, maxRetries: 0 },
        method: 'availability.calendar',
        args: [{ ...CALENDAR, chainCode: 'NOPE' }],
      });
      expect(unknownChain.error).toMatchObject({ name: 'ConnectionError', instanceOf: ['ConnectionError', 'HotelApiError'], status: undefined });
    });

    it('rejects with TimeoutError when no answer comes within timeoutMs', async () => {
      const silent = await silentServer();
      try {
        const HotelApi = await openSdk();
        const { error } = await callInPage(HotelApi, { client: { baseUrl: silent.url, timeoutMs: 300 }, method: 'availability.calendar', args: [CALENDAR] });
        expect(error).toMatchObject({ name: 'TimeoutError', instanceOf: ['HotelApiError', 'TimeoutError'], type: 'timeout_error', status: undefined });
      } finally {
        await silent.close();
      }
    });

    describe('under a rate limit of one keyless call per chain and client a few seconds', () => {
      let limited: RunningApi;
      beforeAll(async () => {
        limited = await startApi({ env: { AVAILABILITY_RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '3000' } });
      });
      afterAll(() => limited?.close());

      it('reads Retry-After of a 429 in the page, waits that long and retries; with no retries left, RateLimitError says how long', async () => {
        const HotelApi = await openSdk();
        const seen = apiResponses(limited);
        const call = (maxRetries?: number): PageCall => ({ client: { baseUrl: limited.url, maxRetries }, method: 'availability.calendar', args: [CALENDAR] });

        expect((await callInPage(HotelApi, call())).error).toBeUndefined();
        const refused = await callInPage(HotelApi, call(0));
        expect(refused.error).toMatchObject({ name: 'RateLimitError', instanceOf: ['HotelApiError', 'RateLimitError'], status: 429, type: 'rate_limit_error' });
        // retryAfterMs is there because the API exposes Retry-After to the chain's origins.
        expect(refused.error?.retryAfterMs).toBeGreaterThan(0);
        expect(refused.error?.retryAfterMs).toBeLessThanOrEqual(3000);

        const retried = await callInPage(HotelApi, call());
        expect(retried.error).toBeUndefined();
        expect(retried.result).toMatchObject({ chainCode: 'ACME', requestId: expect.stringMatching(/^req_/) });
        expect(seen.map((response) => response.status())).toEqual([200, 429, 429, 200]);
        // The client waited what the 429 asked for (not its own backoff, which starts under 0.5 s).
        const retryAfterSeconds = Number(await seen[2]?.headerValue('retry-after'));
        expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(retried.elapsedMs).toBeGreaterThanOrEqual(retryAfterSeconds * 1000 - 20);
      });
    });
  },
);
