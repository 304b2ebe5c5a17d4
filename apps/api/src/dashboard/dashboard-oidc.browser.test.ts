import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from '../test-support/chromium.js';
import { startApi, type RunningApi } from '../test-support/start-api.js';

const underCi = process.env['CI'] === 'true';
/** Who may sign in at the test provider, with the grants the chain gave them. */
const ACCOUNTS: Record<string, { name: string; hotel_grants: string[] }> = {
  rita: { name: 'Rita Revenue', hotel_grants: ['chain:BLUE'] },
  nobody: { name: 'No Grants', hotel_grants: [] },
};

// A real OpenID provider on loopback: listening first, so that the API can be told its URL,
// then configured with the dashboard's redirect URI on the API's port.
const issuerServer = createServer();
await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
const api: RunningApi = await startApi({ now: () => new Date(), env: { OAUTH_ISSUER: issuer, DASHBOARD_OIDC_SCOPES: 'openid hotel' } });
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'hotel-dashboard',
      token_endpoint_auth_method: 'none',
      redirect_uris: [`${api.url}/dashboard/auth/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  cookies: { keys: ['dashboard-oidc-test'] },
  scopes: ['openid', 'hotel'],
  claims: { openid: ['sub'], hotel: ['name', 'hotel_grants'] },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...ACCOUNTS[sub] }) }),
});
issuerServer.on('request', provider.callback());

describe.skipIf(chromiumMissing !== undefined && !underCi)(`dashboard sign-in through an OpenID provider${chromiumMissing ? ` [skipped: ${chromiumMissing}]` : ''}`, () => {
  let chromium: Chromium;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`CI needs Chromium for the dashboard tests: ${chromiumMissing}`);
    chromium = await launchChromium({ trustedCertificates: [api.ca], viewport: { width: 1440, height: 900 } });
  });

  afterAll(async () => {
    await chromium?.close();
    await api.close();
    await new Promise<void>((resolve) => issuerServer.close(() => resolve()));
  });

  beforeEach(async () => {
    await chromium.context.clearCookies();
    page = await chromium.context.newPage();
    errors = [];
    // The dashboard's own pages only: the provider's development pages are not ours to judge.
    page.on('console', (message) => {
      if (message.type() === 'error' && page.url().startsWith(api.url)) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return () => page.close();
  });

  /** The person at the provider's development login and consent pages. */
  async function signInAtProvider(account: string): Promise<void> {
    await page.goto(`${api.url}/dashboard?lang=en`);
    await page.getByRole('link', { name: 'Sign in with your company account' }).click();
    await page.waitForURL(`${issuer}/**`);
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${api.url}/dashboard**`);
  }

  it('signs in with authorization code and PKCE, with the grants the identity’s claims give, as MCP tokens map them', async () => {
    await signInAtProvider('rita');
    await page.locator('parity-view td.cell').first().waitFor();
    expect(await page.getByText('Signed in as Rita Revenue').count()).toBe(1);
    const properties = await page.locator('select[name="property"] option').allTextContents();
    expect(properties.length).toBeGreaterThan(0);
    expect(properties.every((code) => code.startsWith('BLUE'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a clear message and no data for a property outside the session’s grants', async () => {
    await signInAtProvider('rita');
    await page.goto(`${api.url}/dashboard?lang=en&property=ACME001`);
    const alert = page.locator('parity-view [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('may not read property ACME001');
    expect(await page.locator('parity-view td.cell').count()).toBe(0);
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  });

  it('refuses an identity that grants no property: no session', async () => {
    await signInAtProvider('nobody');
    await page.getByText('Your account may not read any property.').waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  });

  it('refuses a callback with a wrong state or a forged code: no session', async () => {
    await page.goto(`${api.url}/dashboard/auth/oidc`);
    await page.waitForURL(`${issuer}/**`);
    for (const query of ['code=forged&state=wrong', 'code=forged']) {
      await page.goto(`${api.url}/dashboard/auth/callback?${query}`);
      await page.getByText('The sign-in was refused. Please try again.').waitFor();
      const session = await page.evaluate(async () => (await fetch('/dashboard/api/session')).json());
      expect(session).toMatchObject({ signedIn: false });
    }
  });
});
