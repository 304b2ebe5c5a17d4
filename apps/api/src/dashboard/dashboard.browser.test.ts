import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createSandboxConnectors, interceptPorts, UpstreamError } from '@hotelapi/connectors';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from '../test-support/chromium.js';
import { startApi, type RunningApi } from '../test-support/start-api.js';

const require = createRequire(import.meta.url);
const underCi = process.env['CI'] === 'true';
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 800 } as const;
const SANDBOX_BUTTON: Record<string, string> = { en: 'Sign in to the sandbox', fr: 'Se connecter au bac à sable' };

// The real API on the real clock (the page picks dates from its own today), over sandbox
// connectors this test holds: it appends to their real event log, and can take the reviews
// source down to see its last answer served as stale.
const reviewsSource = { down: false };
const connectors = interceptPorts(createSandboxConnectors({ now: () => new Date() }), async (call) => {
  if (call.port === 'reviews' && reviewsSource.down) throw new UpstreamError('reviews', 'connect ECONNREFUSED', { status: 503 });
  return call.invoke();
});
// Each view asks its source again (no answer reused for a moment), so a source down is seen at once.
const api: RunningApi = await startApi({ now: () => new Date(), connectors, env: { PROPERTY_ANSWER_CACHE_MS: '0' } });

describe.skipIf(chromiumMissing !== undefined && !underCi)(`the dashboard in Chromium${chromiumMissing ? ` [skipped: ${chromiumMissing}]` : ''}`, () => {
  let chromium: Chromium;
  let page: Page;
  let errors: string[];
  let calls: string[];

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`CI needs Chromium for the dashboard tests: ${chromiumMissing}`);
    chromium = await launchChromium({ trustedCertificates: [api.ca], viewport: WIDE });
  });

  afterAll(async () => {
    await chromium?.close();
    await api.close();
  });

  beforeEach(async () => {
    await chromium.context.clearCookies();
    page = await chromium.context.newPage();
    errors = consoleErrors(page);
    calls = apiCalls(page);
    return async () => {
      expect(errors).toEqual([]);
      await page.close();
    };
  });

  /** Opens the dashboard and signs in with the sandbox button; the parity view is then drawn. */
  async function signInToSandbox(query = 'lang=en'): Promise<void> {
    await page.goto(`${api.url}/dashboard?${query}`);
    await page.getByRole('button', { name: SANDBOX_BUTTON[new URLSearchParams(query).get('lang') ?? 'en'] ?? '' }).click();
    await gridDrawn();
  }

  async function gridDrawn(): Promise<void> {
    await page.locator('parity-view td.cell').first().waitFor();
  }

  async function openView(name: RegExp | string, ready: string): Promise<void> {
    calls.length = 0;
    await page.getByRole('navigation').getByRole('button', { name }).click();
    await page.locator(ready).first().waitFor();
  }

  it('signs in to the sandbox and draws the parity chart, the win / meet / lose grid and the worst undercuts, with no key in the page', async () => {
    await signInToSandbox();
    expect(await page.locator('parity-view line-chart canvas').count()).toBe(1);
    const cells = page.locator('parity-view td.cell');
    expect(await cells.count()).toBeGreaterThan(30);
    expect(await page.locator('parity-view h3', { hasText: 'Worst undercuts' }).count()).toBe(1);
    // Session, properties, parity: three calls for the first view.
    expect(calls).toEqual(['GET /dashboard/api/session', 'POST /dashboard/api/sign-in/sandbox', 'GET /dashboard/api/session', 'GET /dashboard/api/properties', 'GET /dashboard/api/properties/ACME001/parity']);
    const storage = await page.evaluate<{ cookies: string; local: number; session: number; html: string }>(
      '({ cookies: document.cookie, local: localStorage.length, session: sessionStorage.length, html: document.documentElement.outerHTML })',
    );
    expect(storage.cookies).toBe('');
    expect(storage.local + storage.session).toBe(0);
    expect(storage.html).not.toMatch(/sk_(test|live)_/);
    await screenshot(page, 'parity');
    // A figure, not an assertion: the first view of a signed-in session, from navigation to the grid drawn.
    const started = performance.now();
    await page.reload();
    await gridDrawn();
    console.log(`first view (parity, 30 dates) drawn ${Math.round(performance.now() - started)} ms after navigation`);
  });

  it('shows each view with real data in at most three calls: prices, reviews, and alerts that arrive while the page is open', async () => {
    await signInToSandbox();
    await openView('Prices', 'prices-view line-chart canvas');
    expect(await page.locator('prices-view line-chart canvas').count()).toBe(2);
    expect(await page.locator('prices-view .scroll tbody tr').count()).toBe(12);
    expect(calls).toEqual(['GET /dashboard/api/properties/ACME001/prices']);
    await screenshot(page, 'prices');

    await openView('Reviews', 'reviews-view li.review');
    expect(await page.locator('reviews-view li.review').count()).toBe(5);
    expect(await page.locator('reviews-view meter').count()).toBeGreaterThan(0);
    expect(calls).toEqual(['GET /dashboard/api/properties/ACME001/reviews']);
    await screenshot(page, 'reviews');

    await openView('Alerts', 'alerts-view p');
    const arrival = new URL(page.url()).searchParams.get('from') ?? '';
    const [event] = await connectors.events.append([
      {
        type: 'parity.breach',
        data: {
          chain: 'ACME',
          property: 'ACME001',
          arrival,
          nights: 1,
          adults: 2,
          children: 0,
          channel: 'OTA_01',
          roomId: 'DBL',
          rateId: 'BAR',
          currency: 'EUR',
          direct: 120,
          channelPrice: 99,
          undercutPercent: 17.5,
          tolerance: 2,
          status: 'LOSE',
          collectedAt: new Date().toISOString(),
        },
      },
    ]);
    // Polled: the new breach shows without a reload.
    const shown = page.locator(`alerts-view li[data-event="${event?.id}"]`);
    await shown.waitFor({ timeout: 15_000 });
    expect(await shown.textContent()).toContain('Parity breach');
    await screenshot(page, 'alerts');
    await shown.getByRole('link').click();
    await page.locator(`parity-view tr.highlight[data-date="${arrival}"]`).waitFor();
  });

  it('speaks the language of ?lang= and of the switcher', async () => {
    await signInToSandbox('lang=fr');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tableau de bord de parité');
    await page.locator('select[name="language"]').selectOption('de');
    await page.getByRole('heading', { name: 'Paritäts-Dashboard' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de');
    await screenshot(page, 'parity-de');
  });

  it('is usable with the keyboard alone: views, pickers, tolerance and the grid cells', async () => {
    await signInToSandbox();
    // The focused element, through the shadow roots it sits in: its tag, name and text.
    const focusedText = () =>
      page.evaluate<string>(`(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return (active?.tagName ?? '') + ' ' + (active?.getAttribute('name') ?? '') + ' ' + (active?.textContent?.trim() ?? '');
      })()`);
    const reached: string[] = [];
    for (let step = 0; step < 30 && !reached.some((text) => text.startsWith('TD')); step += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focusedText());
    }
    for (const control of ['SELECT', 'INPUT from', 'INPUT to', 'INPUT tolerance', 'BUTTON  Prices', 'TD']) expect(reached.join('\n')).toContain(control);
    // The grid's cells tell their prices on focus.
    expect(await page.locator('parity-view .detail').textContent()).toMatch(/against direct/);

    // Tolerance by keyboard: the grid is judged again.
    const tolerance = page.locator('input[name="tolerance"]');
    await tolerance.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('50');
    await page.keyboard.press('Tab');
    await page.waitForURL((url) => url.searchParams.get('tolerance') === '50');
    await gridDrawn();
    expect(await page.locator('parity-view td.cell.LOSE').count()).toBe(0);

    // A view chosen with Enter.
    await page.getByRole('navigation').getByRole('button', { name: 'Reviews' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('reviews-view li.review').first().waitFor();
  });

  for (const viewport of [NARROW, WIDE]) {
    it(`has no axe-core violations and no sideways scrolling at ${viewport.width} px, in every view`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${api.url}/dashboard?lang=en`);
      await page.getByRole('button', { name: 'Sign in to the sandbox' }).waitFor();
      expect(await axeViolations(page, axeSource)).toEqual([]);
      if (viewport === NARROW) await screenshot(page, 'sign-in-375');
      await page.getByRole('button', { name: 'Sign in to the sandbox' }).click();
      await gridDrawn();
      for (const [name, ready] of [
        ['Parity', 'parity-view td.cell'],
        ['Prices', 'prices-view line-chart canvas'],
        ['Reviews', 'reviews-view li.review'],
        ['Alerts', 'alerts-view h2'],
      ] as const) {
        await openView(name, ready);
        expect(await scrollsSideways(page), name).toBe(false);
        expect(await axeViolations(page, axeSource), name).toEqual([]);
      }
      if (viewport === NARROW) {
        await openView('Parity', 'parity-view td.cell');
        await screenshot(page, 'parity-375');
      }
    });
  }

  it('marks the last data of a source that is down as stale, rather than a blank view', async () => {
    await signInToSandbox();
    await openView('Reviews', 'reviews-view li.review');
    expect(await page.locator('reviews-view .stale').count()).toBe(0);
    reviewsSource.down = true;
    try {
      await openView('Parity', 'parity-view td.cell');
      await openView('Reviews', 'reviews-view li.review');
      expect(await page.locator('reviews-view .stale').textContent()).toMatch(/data source is down/);
      expect(await page.locator('reviews-view li.review').count()).toBe(5);
      await screenshot(page, 'reviews-stale');
    } finally {
      reviewsSource.down = false;
    }
  });

  it('says so when the date range is beyond the API’s limits, and draws no data', async () => {
    await page.goto(`${api.url}/dashboard?lang=en&from=${new Date().toISOString().slice(0, 10)}&to=2099-12-31`);
    await page.getByRole('button', { name: 'Sign in to the sandbox' }).click();
    const alert = page.locator('parity-view [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/90/);
    expect(await page.locator('parity-view td.cell').count()).toBe(0);
    // Chromium logs the refused call itself; the page showed it as it should.
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('says why when the session cannot be asked for, and offers to try again', async () => {
    // The network between the browser and the service fails once: the page must not wait forever.
    await page.route('**/dashboard/api/session', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.goto(`${api.url}/dashboard?lang=en`);
    await page.locator('parity-dashboard [role="alert"]').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Sign in to the sandbox' }).waitFor();
    expect(errors.splice(0)).toEqual(['Failed to load resource: net::ERR_CONNECTION_REFUSED']);
  });

  it('goes back to sign-in when the session cookie is forged or signed out', async () => {
    await signInToSandbox();
    const [cookie] = await chromium.context.cookies(`${api.url}/dashboard`);
    expect(cookie).toMatchObject({ name: 'hotel_dashboard', httpOnly: true, secure: true, sameSite: 'Lax' });
    if (!cookie) throw new Error('the sandbox sign-in set no session cookie');
    await chromium.context.addCookies([{ ...cookie, value: `${cookie.value.slice(0, -4)}AAAA` }]);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in to the sandbox' }).waitFor();

    await page.getByRole('button', { name: 'Sign in to the sandbox' }).click();
    await gridDrawn();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in to the sandbox' }).waitFor();
  });
});

// Helpers
const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../../reports/dashboard');
const DOCS_DIR = resolve(import.meta.dirname, '../../../../docs/dashboard');

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (process.env['UPDATE_DOCS_SCREENSHOTS']) {
    mkdirSync(DOCS_DIR, { recursive: true });
    copyFileSync(path, join(DOCS_DIR, `${name}.png`));
  }
}

/** Console errors and uncaught exceptions of a page, CSP violations included. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The calls a page makes to the dashboard's JSON. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/dashboard/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/**
 * axe-core's violations on the page. Evaluated through the DevTools protocol rather than a
 * `<script>` tag, which the dashboard's CSP (rightly) refuses.
 */
async function axeViolations(page: Page, axeSource: string): Promise<{ id: string; help: string; targets: string[] }[]> {
  await page.evaluate(axeSource);
  return page.evaluate<{ id: string; help: string; targets: string[] }[]>(`axe.run(document, { resultTypes: ['violations'] }).then((results) =>
    results.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => JSON.stringify(node.target)) })))`);
}


/** True when the page is wider than its window: a horizontal scrollbar. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
}
