import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from '../../test-support/chromium.js';
import { startApi, type RunningApi } from '../../test-support/start-api.js';

const underCi = process.env.CI === 'true';

/**
 * /docs as a new user meets it, in Chromium, on whatever port the service has (here a random one):
 * the page names the sandbox key, and "Try it out" with it answers 200 from the page's own origin.
 */
describe.skipIf(chromiumMissing !== undefined && !underCi)('/docs "Try it out"', () => {
  let api: RunningApi;
  let browser: Chromium;
  beforeAll(async () => {
    if (chromiumMissing) throw new Error(chromiumMissing);
    api = await startApi({ now: () => new Date() });
    browser = await launchChromium({ trustedCertificates: [api.ca] });
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('tells which key to use, and calls the origin the page came from with it', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${api.url}/docs/`);
    await expect.poll(() => page.locator('.swagger-ui .info').innerText(), { timeout: 20_000 }).toContain('sk_test_sandbox');

    await page.locator('button.authorize').first().click();
    await page.locator('.auth-container input').first().fill('sk_test_sandbox');
    await page.locator('.auth-btn-wrapper button.authorize').first().click();
    await page.locator('.auth-btn-wrapper button.btn-done').first().click();

    const operation = page.locator('#operations-properties-getProperty');
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    await expect.poll(() => operation.locator('.live-responses-table tr.response .response-col_status').first().innerText(), { timeout: 20_000 }).toContain('200');
    expect(await operation.locator('.request-url pre').innerText()).toBe(`${api.url}/v1/properties/ACME001`);
    await page.close();
  });
});
