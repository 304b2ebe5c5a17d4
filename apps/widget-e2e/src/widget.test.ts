import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startApi, type RunningApi } from '@hotelapi/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from './support/chromium.js';
import { ALLOWED_HOST, FOREIGN_HOST, startHostPages, type HostPages } from './support/host-pages.js';
import { WidgetPage, multiPath, screenshot } from './support/widget-page.js';

const underCi = process.env.CI === 'true';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The real API on the real clock: the browser picks dates from its own "today".
const api: RunningApi = await startApi({ now: () => new Date() });
const hostPages: HostPages = await startHostPages(api.url);

/** The price calendar endpoint is built alongside the widget; its tests run once the API serves it. */
const calendarProbe = await api.get('/v1/availability/calendar?chainCode=ACME');
const calendarAvailable = calendarProbe.status !== 404;

describe.skipIf(chromiumMissing !== undefined && !underCi)(`<hotel-search> in Chromium ${chromiumMissing ? `(skipped: ${chromiumMissing})` : ''}`, () => {
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`CI needs Chromium for the widget tests: ${chromiumMissing}`);
    chromium = await launchChromium(hostPages.hostRules);
  });

  afterAll(async () => {
    await chromium?.close();
    await hostPages.close();
    await api.close();
  });

  beforeEach(async () => {
    page = await chromium.context.newPage();
    return () => page.close();
  });

  async function open(query: Record<string, string> = {}, host = ALLOWED_HOST): Promise<WidgetPage> {
    await page.goto(`https://${host}/?${new URLSearchParams(query)}`);
    const widget = new WidgetPage(page);
    await widget.settled();
    return widget;
  }

  /** What the API itself answers to the widget's latest search. */
  async function apiAnswer(widget: WidgetPage): Promise<{ hotels: { code: string }[]; metadata: Record<string, unknown> }> {
    const response = await api.get(multiPath(await widget.lastSearch()));
    expect(response.status).toBe(200);
    return response.body;
  }

  it('renders the hotels of chain ACME in the order the API gives them', async () => {
    const widget = await open();
    const answer = await apiAnswer(widget);
    expect(answer.hotels.length).toBeGreaterThan(5);
    expect(await widget.hotelCodes()).toEqual(answer.hotels.map((hotel) => hotel.code));
    const first = widget.cards.first();
    await expect.poll(() => first.locator('.name').textContent()).toBeTruthy();
    expect(await first.locator('.price strong').textContent()).toMatch(/€/);
    expect(await first.locator('a.book').getAttribute('href')).toMatch(/^https:\/\/book\.acme-hotels\.example\//);
    await screenshot(page, 'results-en');
  });
});
