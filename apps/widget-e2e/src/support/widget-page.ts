import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** The browser window the widget tests, and so the documentation's screenshots, are taken in. */
export const VIEWPORT = { width: 1280, height: 900 } as const;

/** Screenshots are test artefacts: reports/widget-e2e/*.png (CI keeps reports/). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../../reports/widget-e2e');

/** Where `UPDATE_DOCS_SCREENSHOTS=1` also puts the screenshots docs/WIDGET.md shows. */
const DOCS_DIR = resolve(import.meta.dirname, '../../../../docs/widget');

/**
 * Saves `reports/widget-e2e/<name>.png`: the whole page, the viewport (`fullPage: false`) or one
 * element (`of`, e.g. the form with its open calendar, where the whole page would be mostly results).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean; docs?: boolean; of?: Locator } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await (options.of ? options.of.screenshot({ path }) : page.screenshot({ path, fullPage: options.fullPage ?? true }));
  if (options.docs && process.env.UPDATE_DOCS_SCREENSHOTS) {
    mkdirSync(DOCS_DIR, { recursive: true });
    copyFileSync(path, join(DOCS_DIR, `${name}.png`));
  }
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

  /**
   * Does something that starts a search, then waits for that search to finish: the widget reports
   * each search as it starts (`hotel-search:search`) and marks its status busy until it ends.
   */
  async searchAfter(action: () => Promise<unknown>): Promise<void> {
    const before = (await this.events()).filter((event) => event.type === 'hotel-search:search').length;
    await action();
    await this.page.waitForFunction((count) => {
      const events = (window as unknown as { widgetEvents: { type: string }[] }).widgetEvents;
      const root = document.querySelector('hotel-search')?.shadowRoot;
      const done = root?.querySelector('[part="status"][aria-busy="false"], [role="alert"]');
      return events.filter((event) => event.type === 'hotel-search:search').length > count && done !== null && done !== undefined;
    }, before);
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
    const last = searches.at(-1);
    if (!last) throw new Error('The widget has not searched yet.');
    return last.detail;
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

/** Runs axe-core on the page (it looks into open shadow roots) and returns its violations. */
export async function axeViolations(page: Page, axeSource: string): Promise<{ id: string; help: string; targets: string[] }[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
}

interface AxeResults {
  violations: { id: string; help: string; nodes: { target: unknown }[] }[];
}
