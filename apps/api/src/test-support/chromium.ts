import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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

export interface ChromiumOptions {
  /** `--host-resolver-rules` entries mapping names to loopback, so a page can have a real-looking public origin. */
  readonly hostRules?: readonly string[];
  /** The self-signed certificates (PEM) of the test servers the pages reach; any other fails. */
  readonly trustedCertificates: readonly string[];
  readonly viewport?: { readonly width: number; readonly height: number };
}

/** Chromium's name for a certificate it is told to accept: base64 of the SHA-256 of its public key (SPKI). */
export function spkiHash(certificatePem: string): string {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/**
 * Headless Chromium with a fresh profile. Names not in `hostRules` fail to resolve, so a page
 * reaches nothing beyond this machine.
 *
 * TLS: the test servers' certificates are self-signed, and Chromium takes no CA file on its command
 * line (on Linux it reads an NSS database, which would need `certutil` and a profile HOME). So it is
 * told to accept exactly these certificates, by their public keys (`--ignore-certificate-errors-spki-list`,
 * honoured with a user data directory): any other certificate still fails, unlike with
 * `--ignore-certificate-errors`, so a TLS mistake elsewhere cannot hide behind the test.
 */
export async function launchChromium({ hostRules = [], trustedCertificates, viewport }: ChromiumOptions): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'hotelapi-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...(viewport ? { viewport } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--ignore-certificate-errors-spki-list=${trustedCertificates.map(spkiHash).join(',')}`,
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
