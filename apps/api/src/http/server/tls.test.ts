import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartupError } from './startup-error.js';
import { loadTlsMaterial } from './tls.js';

describe('a configured certificate', () => {
  const folder = () => mkdtempSync(join(tmpdir(), 'hotel-api-tls-test-'));

  it('is served when the key is its own', async () => {
    const dir = folder();
    await loadTlsMaterial({ selfSignedDir: dir });
    const configured = await loadTlsMaterial({ certFile: join(dir, 'localhost-cert.pem'), keyFile: join(dir, 'localhost-key.pem'), selfSignedDir: folder() });
    expect(configured.source).toBe('configured');
  });

  it('is refused, naming both settings, with the key of another certificate', async () => {
    const [one, other] = [folder(), folder()];
    await Promise.all([loadTlsMaterial({ selfSignedDir: one }), loadTlsMaterial({ selfSignedDir: other })]);
    const loading = loadTlsMaterial({ certFile: join(one, 'localhost-cert.pem'), keyFile: join(other, 'localhost-key.pem'), selfSignedDir: folder() });
    await expect(loading).rejects.toThrow(StartupError);
    await expect(loading).rejects.toThrow(/\(TLS_KEY_FILE\) is not the key of the certificate in .* \(TLS_CERT_FILE\)/);
  });

  it('is refused when the file holds no certificate', async () => {
    const dir = folder();
    await loadTlsMaterial({ selfSignedDir: dir });
    const notCert = join(dir, 'not-a-cert.pem');
    writeFileSync(notCert, '-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n');
    await expect(loadTlsMaterial({ certFile: notCert, keyFile: join(dir, 'localhost-key.pem'), selfSignedDir: dir })).rejects.toThrow(
      /^The TLS certificate file .*not-a-cert\.pem \(TLS_CERT_FILE\) holds no PEM certificate\.$/,
    );
  });
});
