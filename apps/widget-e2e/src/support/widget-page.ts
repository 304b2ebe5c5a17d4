import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Screenshots are test artefacts: reports/widget-e2e/*.png (CI keeps reports/). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../../reports/widget-e2e');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface WidgetEvent {
  readonly type: 'hotel-search:search' | 'hotel-search:select';
  readonly detail: Record<string, unknown>;
}

/** The widget on a page, seen through its shadow root as a guest would use it. */
export class WidgetPage {
  readonly widget: Locator;

  constructor(readonly page: Page, selector = 'hotel-search') {
    this.widget = page.locator(selector);
  }

  get cards(): Locator {
    return this.widget.locator('li.card');
  }

  get status(): Locator {
    return this.widget.locator('[role="status"][part="status"]');
  }

  get alert(): Locator {
    return this.widget.locator('[role="alert"]');
  }

  /** Waits until the search in flight has finished, with hotels, none, or an error. */
  async settled(): Promise<void> {
    await this.widget.locator('[part="status"][aria-busy="false"], [role="alert"]').first().waitFor();
  }

  async hotelCodes(): Promise<string[]> {
    return this.cards.evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.code ?? ''));
  }

  async events(): Promise<WidgetEvent[]> {
    return this.page.evaluate(() => (window as unknown as { widgetEvents: WidgetEvent[] }).widgetEvents);
  }

  /** The query string of the widget's latest search, as it sent it. */
  async lastSearch(): Promise<Record<string, unknown>> {
    const searches = (await this.events()).filter((event) => event.type === 'hotel-search:search');
    return searches.at(-1)!.detail;
  }
}

/** `/v1/availability/multi?…` for a search the widget reported. */
export function multiPath(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(name, String(item));
  }
  return `/v1/availability/multi?${query}`;
}
