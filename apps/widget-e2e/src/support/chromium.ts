import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, or undefined when they can. Under CI a missing browser
 * is a failure, not a skip (see the test files).
 */
export const chromiumMissing = existsSync(CHROMIUM_PATH)
  ? undefined
  : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;

export interface Chromium {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile. `hostRules` map names to loopback (so a host page can
 * have a real public origin such as https://www.acme-hotels.example); every other name fails to
 * resolve, so a page can reach nothing beyond this machine. The test servers' certificates are
 * self-signed, hence the ignored certificate errors.
 */
export async function launchChromium(hostRules: readonly string[]): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'widget-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--ignore-certificate-errors',
      `--host-resolver-rules=${[...hostRules, 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1'].join(', ')}`,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
