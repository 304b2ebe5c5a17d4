import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startApi, type RunningApi } from '@hotelapi/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from '@hotelapi/api/browser';
import { ALLOWED_HOST, FOREIGN_HOST, startHostPages, type HostPages } from './support/host-pages.js';
import { required } from './support/required.js';
import { VIEWPORT, WidgetPage, axeViolations, multiPath, screenshot } from './support/widget-page.js';

const require = createRequire(import.meta.url);
const underCi = process.env.CI === 'true';
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// The real API on the real clock: the browser picks dates from its own "today".
const api: RunningApi = await startApi({ now: () => new Date() });
const hostPages: HostPages = await startHostPages(api.url);

/**
 * The price calendar endpoint (`/v1/availability/calendar`) is being built alongside the widget.
 * Its tests run as soon as the API serves it; until then they are skipped, and say so.
 */
const calendarAvailable = (await api.get('/v1/availability/calendar?chainCode=ACME')).status !== 404;
const CALENDAR_PENDING = calendarAvailable ? '' : ' [skipped: the API has no /v1/availability/calendar yet]';

interface CalendarDay {
  date: string;
  bookable: boolean;
  price: number | null;
  minStay: number | null;
  closedToArrival: boolean;
}

describe.skipIf(chromiumMissing !== undefined && !underCi)(`<hotel-search> in Chromium${chromiumMissing ? ` [skipped: ${chromiumMissing}]` : ''}`, () => {
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`CI needs Chromium for the widget tests: ${chromiumMissing}`);
    chromium = await launchChromium({ hostRules: hostPages.hostRules, trustedCertificates: [api.ca, hostPages.certificate], viewport: VIEWPORT });
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
  async function apiAnswer(widget: WidgetPage, from: RunningApi = api) {
    const response = await from.get(multiPath(await widget.lastSearch()));
    expect(response.status).toBe(200);
    return response.body as { hotels: { code: string }[]; metadata: { destinations: Record<string, number>; boards: Record<string, number> } };
  }

  async function expectListAsTheApiSays(widget: WidgetPage): Promise<string[]> {
    const codes = (await apiAnswer(widget)).hotels.map((hotel) => hotel.code);
    expect(await widget.hotelCodes()).toEqual(codes);
    return codes;
  }

  it('renders the hotels of chain ACME in the order the API gives them', async () => {
    const widget = await open();
    const codes = await expectListAsTheApiSays(widget);
    expect(codes.length).toBeGreaterThan(5);
    const first = widget.cards.first();
    expect(await first.locator('.name').textContent()).toMatch(/^ACME /);
    expect(await first.locator('.price strong').textContent()).toMatch(/^€\d/);
    expect(await first.locator('.stars').getAttribute('aria-label')).toMatch(/^\d stars?$/);
    expect(await first.locator('.distance').textContent()).toMatch(/km from the centre$/);
    expect(await first.locator('a.book').getAttribute('href')).toMatch(/^https:\/\/book\.acme-hotels\.example\//);
    expect(await widget.status.textContent()).toBe(`${codes.length} hotels found`);
    await screenshot(page, 'results-en');
  });

  it('sorts by each option of the native select as the API does', async () => {
    const widget = await open();
    const byPrice = await widget.hotelCodes();
    for (const sortBy of ['NAME', 'POPULARITY', 'DISTANCE', 'PRICE']) {
      await widget.searchAfter(() => widget.widget.locator('select[name="sortBy"]').selectOption(sortBy));
      expect((await widget.lastSearch()).sortBy).toBe(sortBy);
      const codes = await expectListAsTheApiSays(widget);
      if (sortBy !== 'PRICE') expect(codes).not.toEqual(byPrice);
    }
  });

  it('filters by destination, rating, board and price, each change as the API answers it, with its counts', async () => {
    const widget = await open();
    const all = await widget.hotelCodes();
    const facets = (await apiAnswer(widget)).metadata;
    const [destination, count] = required(Object.entries(facets.destinations).find(([, n]) => n > 0), 'A destination with hotels');
    const destinationOption = widget.widget.locator('.filters label.option', { has: page.locator(`input[name="destination"][value="${destination}"]`) });
    expect(await destinationOption.textContent()).toContain(`(${count})`);

    await widget.searchAfter(() => destinationOption.locator('input').check());
    expect((await widget.lastSearch()).destination).toBe(destination);
    expect(await expectListAsTheApiSays(widget)).toHaveLength(count);
    await widget.searchAfter(() => widget.widget.locator('input[name="destination"][value=""]').check());

    await widget.searchAfter(() => widget.widget.locator('input[name="rating"][value="4"]').check());
    expect((await widget.lastSearch()).rating).toEqual([4]);
    const fourStars = await expectListAsTheApiSays(widget);
    expect(fourStars.length).toBeLessThan(all.length);

    const board = required(Object.keys(facets.boards)[0], 'A board facet');
    await widget.searchAfter(() => widget.widget.locator(`input[name="board"][value="${board}"]`).check());
    expect((await widget.lastSearch()).boards).toEqual([Number(board)]);
    await expectListAsTheApiSays(widget);

    await widget.searchAfter(() => widget.widget.locator('button[part~="clear-filters"]').click());
    expect(await widget.hotelCodes()).toEqual(all);

    await widget.searchAfter(() => widget.widget.locator('input[name="minPrice"]').fill('300').then(() => page.keyboard.press('Tab')));
    await widget.searchAfter(() => widget.widget.locator('input[name="maxPrice"]').fill('600').then(() => page.keyboard.press('Tab')));
    const search = await widget.lastSearch();
    expect([search.minPrice, search.maxPrice]).toEqual([300, 600]);
    const priced = await expectListAsTheApiSays(widget);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.length).toBeLessThan(all.length);
    await screenshot(page, 'filtered-en');
  });

  it.skipIf(!calendarAvailable)(`shows the lowest price of each day in the calendar, disables closed days and keeps the minimum stay${CALENDAR_PENDING}`, async () => {
    const widget = await open();
    await widget.widget.locator('button[part~="calendar-button"]').click();
    const days = widget.widget.locator('hotel-search-calendar button.day');
    const today = new Date().toISOString().slice(0, 10);

    /** The days shown from today on, each as the API's calendar answers it, once the prices are in. */
    const shownMonth = async () => {
      await expect.poll(() => days.filter({ hasText: '€' }).count()).toBeGreaterThan(0);
      const shown = await days.evaluateAll((buttons) =>
        buttons.map((button) => ({ date: (button as HTMLElement).dataset.date, disabled: button.getAttribute('aria-disabled') === 'true', label: button.getAttribute('aria-label') })),
      );
      const inMonth = shown
        .map((day) => ({ ...day, date: required(day.date, 'The data-date of a calendar day'), label: required(day.label, `The aria-label of calendar day ${day.date}`) }))
        .filter((day) => day.date >= today);
      const from = required(inMonth[0], 'A calendar day from today on').date;
      const to = required(inMonth.at(-1), 'A calendar day from today on').date;
      const response = await api.get(`/v1/availability/calendar?chainCode=ACME&from=${from}&to=${to}&currency=EUR&nights=1&adults=2&children=0`);
      expect(response.status).toBe(200);
      const calendar = new Map((response.body.dates as CalendarDay[]).map((day) => [day.date, day]));
      for (const day of inMonth) {
        const answer = required(calendar.get(day.date), `The API's calendar day ${day.date}`);
        // Asked for one night, a day whose minimum stay is longer is not "bookable", yet takes arrivals for that stay.
        const longerStays = !answer.bookable && (answer.minStay ?? 0) > 1;
        expect(day.disabled, day.date).toBe(answer.closedToArrival || !(answer.bookable || longerStays));
        if (answer.bookable && answer.price !== null) {
          const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(answer.price);
          expect(day.label).toContain(price);
        }
        if (longerStays) expect(day.label).toContain(`Minimum stay: ${answer.minStay} nights`);
      }
      expect(inMonth.some((day) => day.disabled || !day.label.includes('€')) || [...calendar.values()].every((day) => day.bookable)).toBe(true);
      return { inMonth, calendar };
    };

    // The month of the first arrival (it may be mostly past), then the next one, whole.
    await shownMonth();
    await widget.widget.locator('hotel-search-calendar button[aria-label="Next month"]').click();
    const { inMonth, calendar } = await shownMonth();
    expect(inMonth.filter((day) => day.label.includes('€')).length).toBeGreaterThan(inMonth.length / 2);
    // The docs show the form with the calendar open on a month of prices.
    await screenshot(page, 'calendar-en', { docs: true, of: widget.widget.locator('form') });
    // Days that show a minimum stay instead of a price are named by what they show, too.
    expect(await axeViolations(page, axeSource)).toEqual([]);

    // Pick the arrival with the longest minimum stay whose first possible departure is in the same
    // month (picking an arrival moves the calendar to that departure): shorter stays are refused.
    const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const arrival = required(
      inMonth
        .filter((day) => !day.disabled)
        .map((day) => required(calendar.get(day.date), `The API's calendar day ${day.date}`))
        .filter((day) => plusDays(day.date, day.minStay ?? 1).slice(0, 7) === day.date.slice(0, 7))
        .sort((a, b) => (b.minStay ?? 1) - (a.minStay ?? 1))[0],
      'An open arrival whose minimum stay ends in its month',
    );
    await days.and(page.locator(`[data-date="${arrival.date}"]`)).click();
    const minStay = arrival.minStay ?? 1;
    const earliest = days.and(page.locator(`[data-date="${plusDays(arrival.date, minStay)}"]`));
    const nights = Array.from({ length: minStay }, (_, i) => calendar.get(plusDays(arrival.date, i)));
    if (nights.every((night) => night?.bookable || (night?.minStay ?? 0) > 1)) expect(await earliest.getAttribute('aria-disabled')).toBe('false');
    if (minStay > 1) {
      expect(await days.and(page.locator(`[data-date="${plusDays(arrival.date, minStay - 1)}"]`)).getAttribute('aria-disabled')).toBe('true');
      expect(await widget.widget.locator('hotel-search-calendar .hint').first().textContent()).toContain(`Minimum stay: ${minStay} nights`);
    }
    // And the departures an arrival allows: none before its minimum stay, none across a night not sold.
    await screenshot(page, 'calendar-departure-en', { docs: true, of: widget.widget.locator('form') });
  });

  it('translates its texts when lang changes, and takes the page language when it has none', async () => {
    const widget = await open({ pageLang: 'es' });
    expect(await widget.widget.locator('button[type="submit"]').textContent()).toContain('Buscar');
    expect((await widget.lastSearch()).lang).toBe('es');
    expect(await widget.status.textContent()).toMatch(/hoteles encontrados$/);

    await widget.searchAfter(() => widget.widget.evaluate((element) => element.setAttribute('lang', 'de')));
    expect(await widget.widget.locator('button[type="submit"]').textContent()).toContain('Suchen');
    expect(await widget.widget.locator('select[name="sortBy"] option[value="PRICE"]').textContent()).toBe('Niedrigster Preis');
    expect(await widget.status.textContent()).toMatch(/Hotels gefunden$/);
    expect((await widget.lastSearch()).lang).toBe('de');
    expect(await widget.cards.first().locator('.price strong').textContent()).toMatch(/^\d[\d.]*,\d\d\s€$/);
    await expectListAsTheApiSays(widget);
    await screenshot(page, 'results-de');
  });

  it('names destinations in its language, and keeps the one picked when the language changes', async () => {
    const widget = await open({ lang: 'fr' });
    const lisbon = widget.widget.locator('input[name="destination"][value="Lisbonne"]');
    await widget.searchAfter(() => lisbon.check());
    expect((await widget.lastSearch()).destination).toBe('Lisbonne');
    const lisbonHotels = await expectListAsTheApiSays(widget);
    expect(lisbonHotels.length).toBeGreaterThan(0);

    await widget.searchAfter(() => widget.widget.evaluate((element) => element.setAttribute('lang', 'de')));
    expect(await widget.hotelCodes()).toEqual(lisbonHotels);
    await expect.poll(() => widget.widget.locator('input[name="destination"][value="Lissabon"]').isChecked()).toBe(true);
    expect(await widget.widget.locator('select[name="destination"]').inputValue()).toBe('Lissabon');
    expect(new Set(await widget.cards.locator('.destination').allTextContents())).toEqual(new Set(['Lissabon']));
  });

  it('works with the keyboard alone: dates from the calendar, search, and Book', async () => {
    const widget = await open();
    const focusedInWidget = () => page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return element ? `${element.tagName.toLowerCase()}${element.getAttribute('part') ? `[${element.getAttribute('part')}]` : ''}:${element.textContent?.trim() ?? ''}` : '';
    });
    const tabTo = async (pattern: RegExp) => {
      for (let presses = 0; presses < 40; presses += 1) {
        await page.keyboard.press('Tab');
        if (pattern.test(await focusedInWidget())) return;
      }
      throw new Error(`Tab never reached ${pattern}`);
    };
    const before = await widget.lastSearch();

    /** Arrow right to the first day that may be picked (closed days are announced, not skipped), then Enter. */
    const pickWithKeyboard = async () => {
      for (let presses = 0; presses < 62; presses += 1) {
        const pickable = await page.evaluate(() => {
          let element = document.activeElement;
          while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
          return element?.getAttribute('aria-disabled') === 'false';
        });
        if (pickable) return page.keyboard.press('Enter');
        await page.keyboard.press('ArrowRight');
      }
      throw new Error('No day could be picked within two months');
    };

    await tabTo(/calendar-button/);
    await page.keyboard.press('Enter');
    await expect.poll(focusedInWidget).toMatch(/^button\[day/);
    await page.keyboard.press('ArrowDown');
    await pickWithKeyboard();
    await page.keyboard.press('ArrowRight');
    await pickWithKeyboard();
    await expect.poll(focusedInWidget).toMatch(/calendar-button/);

    await tabTo(/search-button/);
    await widget.searchAfter(() => page.keyboard.press('Enter'));
    const { checkin, checkout } = (await widget.lastSearch()) as { checkin: string; checkout: string };
    expect(checkin > (before.checkin as string)).toBe(true);
    expect(checkout > checkin).toBe(true);
    expect(await widget.widget.locator('input[name="arrival"]').inputValue()).toBe(checkin);
    await expectListAsTheApiSays(widget);

    await tabTo(/^a\[book-link\]/);
    await page.keyboard.press('Enter');
    const selected = (await widget.events()).filter((event) => event.type === 'hotel-search:select');
    expect(selected.map((event) => event.detail.code)).toEqual([(await widget.hotelCodes())[0]]);
  });

  it('has no axe-core violations: results, filters and the open calendar', async () => {
    const widget = await open();
    expect(await axeViolations(page, axeSource)).toEqual([]);
    const calendarRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/availability/calendar') calendarRequests.push(request.url());
    });
    await widget.widget.locator('button[part~="calendar-button"]').click();
    await widget.widget.locator('hotel-search-calendar button.day').first().waitFor();
    expect(await axeViolations(page, axeSource)).toEqual([]);
    // One request for the month shown, whether the API answers or not: never a retry loop.
    expect(calendarRequests).toHaveLength(1);
    await screenshot(page, 'calendar-open-en', { fullPage: false });
  });

  it('fits a 320 px wide screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 320, height: 900 });
    await open();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'results-320px', { fullPage: false, docs: true });
  });

  it('shows an alert with a retry button when the API stops', async () => {
    const doomed = await startApi({ now: () => new Date() });
    const widget = await open({ api: doomed.url });
    expect(await widget.cards.count()).toBeGreaterThan(0);
    await doomed.close();
    await widget.searchAfter(() => widget.widget.locator('button[type="submit"]').click());
    expect(await widget.alert.textContent()).toContain('The hotel search is not available right now.');
    expect(await widget.alert.locator('button').textContent()).toContain('Try again');
    await screenshot(page, 'error-en', { docs: true });
  });

  it('offers a retry after a 429, saying how long to wait', async () => {
    const limited = await startApi({ now: () => new Date(), env: { AVAILABILITY_RATE_LIMIT_MAX: '2' } });
    try {
      const widget = await open({ api: limited.url });
      const search = widget.widget.locator('button[type="submit"]');
      await widget.searchAfter(() => search.click());
      await widget.searchAfter(() => search.click());
      expect(await widget.alert.textContent()).toMatch(/Too many searches in a short time\. Please try again in \d+ seconds\./);
      await expect.poll(() => widget.alert.locator('button').textContent()).toContain('Try again');
    } finally {
      await limited.close();
    }
  });

  it('gets no data on a page whose origin the chain does not allow (CORS), and says so to the web team', async () => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const widget = await open({}, FOREIGN_HOST);
    expect(await widget.alert.textContent()).toContain(`This hotel search is not enabled for this website (https://${FOREIGN_HOST}). The browser console says why.`);
    // Trying again cannot help: the chain's configuration has to change.
    expect(await widget.alert.locator('button').count()).toBe(0);
    expect(await widget.cards.count()).toBe(0);
    expect(errors).toContainEqual(expect.stringContaining(`This page's origin (https://${FOREIGN_HOST}) is not allowed for chain ACME: ask for it to be added to the chain's widget origins`));
    const fromThePage = await page.evaluate(
      (url) => fetch(url).then(() => 'read', (error: Error) => error.name),
      `${api.url}${multiPath(await widget.lastSearch())}`,
    );
    expect(fromThePage).toBe('TypeError');
    const answer = await api.get(multiPath(await widget.lastSearch()), { origin: `https://${FOREIGN_HOST}` });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('renders an answer it is given, sorts and filters it as the API would, and asks the API nothing', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const query = `chainCode=ACME&checkin=${day(10)}&checkout=${day(13)}&currency=EUR&adults=2&lang=en`;
    const answerFor = async (extra: string) => {
      const response = await api.get(`/v1/availability/multi?${query}${extra}`);
      expect(response.status).toBe(200);
      return response.body as { hotels: { code: string }[]; metadata: { destinations: Record<string, number>; ratings: Record<string, number> } };
    };
    const given = await answerFor('&sortBy=PRICE');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) apiCalls.push(request.url());
    });
    await page.goto(`https://${ALLOWED_HOST}/given`);
    const widget = new WidgetPage(page);
    await widget.searchAfter(() => widget.widget.evaluate((element, answer) => Object.assign(element, { results: answer }), given));
    expect(await widget.hotelCodes()).toEqual(given.hotels.map((hotel) => hotel.code));
    expect(await widget.status.textContent()).toBe(`${given.hotels.length} hotels found`);
    expect(await widget.widget.locator('form').count()).toBe(0);
    expect(await widget.widget.locator('[part="stay"]').textContent()).toContain('3 nights');
    // Popularity is not in an answer: it is not offered for one sorted by price.
    expect(await widget.widget.locator('select[name="sortBy"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(['PRICE', 'NAME', 'DISTANCE']);

    await widget.searchAfter(() => widget.widget.locator('select[name="sortBy"]').selectOption('NAME'));
    expect(await widget.hotelCodes()).toEqual((await answerFor('&sortBy=NAME')).hotels.map((hotel) => hotel.code));

    const destination = required(Object.keys(given.metadata.destinations)[0], 'A destination facet in the given answer');
    await widget.searchAfter(() => widget.widget.locator(`input[name="destination"][value="${destination}"]`).check());
    await widget.searchAfter(() => widget.widget.locator('input[name="rating"][value="4"]').check());
    const filtered = await answerFor(`&sortBy=NAME&destination=${encodeURIComponent(destination)}&rating=4`);
    expect(await widget.hotelCodes()).toEqual(filtered.hotels.map((hotel) => hotel.code));
    // The facet counts too: each option counts what choosing it would give, as the API counts it.
    for (const [rating, count] of Object.entries(filtered.metadata.ratings)) {
      expect(await widget.widget.locator('.filters label.option', { has: page.locator(`input[name="rating"][value="${rating}"]`) }).textContent()).toContain(`(${count})`);
    }
    for (const [name, count] of Object.entries(filtered.metadata.destinations)) {
      expect(await widget.widget.locator('.filters label.option', { has: page.locator(`input[name="destination"][value="${name}"]`) }).textContent()).toContain(`(${count})`);
    }
    expect(await axeViolations(page, axeSource)).toEqual([]);
    await screenshot(page, 'given-answer-en');
    expect(apiCalls).toEqual([]);
  });

  it('serves a demo page with the widget by script tag and its integrity hash, English light and French dark', async () => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('requestfailed', (request) => consoleErrors.push(`${request.url()}: ${request.failure()?.errorText}`));
    await page.goto(`${api.url}/widget/demo`);
    const [english, french] = [new WidgetPage(page, 'section.light hotel-search'), new WidgetPage(page, 'section.dark hotel-search')];
    await english.widget.locator('li.card').first().waitFor();
    await french.widget.locator('li.card').first().waitFor();
    // The sandbox's photos come from the service itself, and every card in view shows its own.
    for (const widget of [english, french]) {
      const photos = widget.widget.locator('li.card .photo img');
      expect(await photos.count()).toBeGreaterThan(0);
      await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await photos.first().getAttribute('src')).toMatch(new RegExp(`^${api.url}/sandbox/photos/[A-Z0-9]+/1024\\.svg$`));
    }
    await page.waitForLoadState('networkidle');
    const shown = await page.locator('hotel-search').evaluateAll((widgets) =>
      widgets.flatMap((widget) => [...(widget.shadowRoot?.querySelectorAll('li.card .photo img') ?? [])] as HTMLImageElement[])
        .filter((img) => img.getBoundingClientRect().top < innerHeight && img.complete)
        .map((img) => ({ src: img.src, loaded: img.naturalWidth > 0, hidden: img.hidden })),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((img) => !img.loaded || img.hidden)).toEqual([]);
    const bundle = readFileSync(require.resolve('@hotelapi/widget/hotel-search.js'));
    expect(await page.locator('script[type="module"]').getAttribute('integrity')).toBe(`sha384-${createHash('sha384').update(bundle).digest('base64')}`);
    expect(await french.widget.locator('button[type="submit"]').textContent()).toContain('Rechercher');
    expect(await axeViolations(page, axeSource)).toEqual([]);
    await screenshot(page, 'demo', { fullPage: false, docs: true });
    expect(consoleErrors).toEqual([]);
  });

  it('shows the demo widgets side by side at 1280 px, with no label cut in any of the six languages', async () => {
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${api.url}/widget/demo`);
    const widgets = page.locator('hotel-search');
    for (const n of [0, 1]) await widgets.nth(n).locator('li.card').first().waitFor();
    const left = required(await widgets.nth(0).boundingBox(), 'the English demo widget');
    const right = required(await widgets.nth(1).boundingBox(), 'the French demo widget');
    expect(right.y).toBe(left.y);
    expect(right.x).toBeGreaterThan(left.x + left.width);
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt']) {
      await widgets.evaluateAll((elements, lang) => elements.forEach((element) => element.setAttribute('lang', lang)), lang);
      for (const n of [0, 1]) await widgets.nth(n).locator(`.widget[lang="${lang}"] li.card`).first().waitFor();
      expect(await widgets.evaluateAll(cutLabels), lang).toEqual([]);
      await screenshot(page, `demo-1280-${lang}`, { fullPage: false });
    }
  });
});

/**
 * The texts of the widgets' shadow roots that do not fit their box: a box whose content is wider
 * than it (`scrollWidth`), or a `<select>` narrower than Chromium makes it for its longest option.
 */
function cutLabels(widgets: Element[]): string[] {
  const cut: string[] = [];
  for (const widget of widgets) {
    const where = `${widget.getAttribute('lang')}, ${widget.closest('section')?.className ?? 'page'}`;
    for (const element of widget.shadowRoot?.querySelectorAll<HTMLElement>('*') ?? []) {
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'none' || element.closest('.visually-hidden') || element.clientWidth === 0) continue;
      if (element instanceof HTMLSelectElement) {
        const width = element.offsetWidth;
        element.style.width = 'max-content';
        const needed = element.offsetWidth;
        element.style.width = '';
        if (needed > width) cut.push(`${where}: select ${element.name} is ${width} px, its options need ${needed} px`);
      } else if (element.scrollWidth > element.clientWidth) {
        cut.push(`${where}: ${element.tagName.toLowerCase()}.${element.className} is ${element.clientWidth} px, "${element.textContent?.replace(/\s+/g, ' ').trim().slice(0, 50)}" needs ${element.scrollWidth} px`);
      }
    }
  }
  return cut;
}
