import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reasonOf, StartupError } from './startup-error.js';

export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  /** Where it came from, for the start-up log. */
  readonly source: 'configured' | 'self-signed (kept)' | 'self-signed (created)';
}

export interface TlsSettings {
  readonly certFile?: string;
  readonly keyFile?: string;
  /** Folder for the development certificate when none is configured. */
  readonly selfSignedDir: string;
}

/**
 * The certificate to serve: the configured one, else a self-signed one for localhost that is
 * created on first start and kept, so a browser or curl exception made once stays valid.
 */
export async function loadTlsMaterial(settings: TlsSettings, now = new Date()): Promise<TlsMaterial> {
  if (settings.certFile && settings.keyFile) return readConfigured(settings.certFile, settings.keyFile);
  const certPath = join(settings.selfSignedDir, 'localhost-cert.pem');
  const keyPath = join(settings.selfSignedDir, 'localhost-key.pem');
  const kept = await readKept(certPath, keyPath, now);
  if (kept) return kept;

  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 1);
  // Loaded only to create a certificate: it and its ASN.1 libraries would slow every cold start.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  try {
    await mkdir(settings.selfSignedDir, { recursive: true });
    await writeFile(keyPath, pems.private, { mode: 0o600 });
    await writeFile(certPath, pems.cert);
  } catch (error) {
    throw new StartupError(`Cannot keep the development certificate in ${settings.selfSignedDir} (TLS_DIR): ${reasonOf(error)}.`);
  }
  return { cert: pems.cert, key: pems.private, source: 'self-signed (created)' };
}

/**
 * The configured certificate and key, checked here so that a wrong file is named at start rather
 * than failing inside the TLS server's constructor with OpenSSL's words.
 */
async function readConfigured(certFile: string, keyFile: string): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([
    readSetting(certFile, 'TLS_CERT_FILE', 'certificate'),
    readSetting(keyFile, 'TLS_KEY_FILE', 'private key'),
  ]);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new StartupError(`The TLS certificate file ${certFile} (TLS_CERT_FILE) holds no PEM certificate.`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new StartupError(`The TLS private key file ${keyFile} (TLS_KEY_FILE) holds no PEM private key without a passphrase.`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new StartupError(`The TLS private key file ${keyFile} (TLS_KEY_FILE) is not the key of the certificate in ${certFile} (TLS_CERT_FILE).`);
  }
  return { cert, key, source: 'configured' };
}

async function readSetting(file: string, setting: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new StartupError(`Cannot read the TLS ${what} file ${file} (${setting}): ${reasonOf(error)}.`);
  }
}

async function readKept(certPath: string, keyPath: string, now: Date): Promise<TlsMaterial | undefined> {
  try {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    // A kept certificate that has expired (or is about to) is replaced rather than served.
    const validTo = new Date(new X509Certificate(cert).validTo);
    if (validTo.getTime() - now.getTime() < 24 * 3600_000) return undefined;
    return { cert, key, source: 'self-signed (kept)' };
  } catch {
    return undefined;
  }
}
