import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const mainModule = join(import.meta.dirname, 'main.ts');

interface Started {
  readonly child: ChildProcess;
  /** Standard output and error together, as they came. */
  readonly output: () => string;
  readonly errors: () => string;
  readonly url: Promise<string>;
  readonly exit: Promise<number | null>;
}

/** Runs the real entry point, as `npm start` does, from its TypeScript sources. */
function runMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--conditions=@hotelapi/source', '--import', tsxLoader, mainModule], {
    // No shedding on event-loop delay (as in startApi): a shared machine stalls a process that is
    // just starting for reasons of its own, and these tests are about start-up and draining.
    // Debug: the tests see a request arrive by its "incoming request" line.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'debug', MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Hotel API listening on (https:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  url.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, errors: () => errors, url, exit };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Each test starts the real process (TypeScript through tsx), some twice: slow on a busy machine.
describe('the entry point (main.ts)', { timeout: 60_000 }, () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('creates a self-signed certificate, serves HTTPS, keeps the certificate, and drains on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-main-'));
    const env = { TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json'), SHUTDOWN_DRAIN_MS: '1500' };
    const first = runMain(env);
    children.push(first.child);
    const url = await first.url;
    expect(first.output()).toMatch(/certificate: self-signed \(created\)/);
    expect(first.output()).toContain('sk_test_sandbox_limited');

    const cert = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const dispatcher = new Agent({ connect: { ca: cert, servername: 'localhost' } });
    const inFlight = request(`${url}/v1/shopper/ACME001?checkIn=2027-01-10&checkOut=2027-01-12`, {
      headers: { authorization: 'Bearer sk_test_sandbox' },
      dispatcher,
    });
    // Signal once the server has the request: it is still answered, then the process exits cleanly.
    await waitFor(() => first.output().includes('incoming request'));
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.statusCode).toBe(200);
    expect((await response.body.json()) as { error: unknown }).toMatchObject({ error: null });
    // Draining: not ready any more, yet a request that still arrives is served.
    await waitFor(() => first.output().includes('draining'));
    const readiness = await request(`${url}/readyz`, { dispatcher });
    expect(readiness.statusCode).toBe(503);
    await readiness.body.dump();
    const late = await request(`${url}/v1/shopper/ACME001?checkIn=2027-01-10&checkOut=2027-01-12`, {
      headers: { authorization: 'Bearer sk_test_sandbox' },
      dispatcher,
    });
    expect(late.statusCode).toBe(200);
    await late.body.dump();
    expect(await first.exit).toBe(0);
    expect(first.output()).toMatch(/shutting down/);
    await dispatcher.close();

    const second = runMain(env);
    children.push(second.child);
    await second.url;
    expect(second.output()).toMatch(/certificate: self-signed \(kept\)/);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, 60_000);

  it('finishes the requests in flight on SIGTERM mid-load, then exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-main-'));
    const run = runMain({ TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json') });
    children.push(run.child);
    const url = await run.url;
    const cert = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const dispatcher = new Agent({ connect: { ca: cert, servername: 'localhost', timeout: 60_000 }, headersTimeout: 90_000, bodyTimeout: 90_000 });
    // A mix of heavy chain searches and cheap shopper calls, all sent before the signal.
    const paths = [
      ...[0, 1, 2].map((n) => `/v1/availability/multi?chainCode=MEGA&checkin=2027-02-${10 + n}&checkout=2027-02-${12 + n}&currency=EUR`),
      ...[0, 1, 2, 3, 4].map((n) => `/v1/shopper/ACME00${n + 1}?checkIn=2027-01-10&checkOut=2027-01-12`),
    ];
    const inFlight = paths.map(async (path) => {
      const response = await request(`${url}${path}`, { headers: { authorization: 'Bearer sk_test_sandbox' }, dispatcher });
      await response.body.text();
      return response.statusCode;
    });
    await waitFor(() => (run.output().match(/incoming request/g) ?? []).length >= paths.length);
    run.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(paths.map(() => 200));
    expect(await run.exit).toBe(0);
    await dispatcher.close();
  }, 90_000);

  it('serves HOST=localhost on both 127.0.0.1 and ::1, as its certificate promises, and drains both', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-main-'));
    const run = runMain({ HOST: 'localhost', TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json') });
    children.push(run.child);
    const port = new URL(await run.url).port;
    await waitFor(() => run.output().includes('also listening on ::1'));
    const cert = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const dispatcher = new Agent({ connect: { ca: cert, servername: 'localhost' } });
    for (const address of ['127.0.0.1', '[::1]']) {
      const response = await request(`https://${address}:${port}/healthz`, { dispatcher });
      expect(response.statusCode).toBe(200);
      expect(await response.body.json()).toEqual({ status: 'ok' });
    }
    await dispatcher.close();
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('refuses to start on a bad setting, naming the variable, without a stack trace', async () => {
    const run = runMain({ PORT: 'eighty', RATE_LIMIT_MAX: '-1' });
    children.push(run.child);
    expect(await run.exit).toBe(1);
    expect(run.output()).toMatch(/PORT/);
    expect(run.output()).toMatch(/RATE_LIMIT_MAX/);
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  /** Runs to its exit and expects one line on standard error, matching `line`, and a non-zero exit. */
  async function expectRefusal(env: Record<string, string>, line: RegExp): Promise<void> {
    const run = runMain(env);
    children.push(run.child);
    expect(await run.exit).toBe(1);
    expect(run.errors().trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  }

  it('refuses a port in use in one line, naming it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-main-'));
      await expectRefusal(
        { PORT: String(port), TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json') },
        new RegExp(`^Cannot listen on 127\\.0\\.0\\.1, port ${port}: another process is using that port`),
      );
    } finally {
      holder.close();
    }
  });

  it('refuses a missing certificate file or an unreadable key file in one line, naming the setting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-main-'));
    // A certificate and key that work, made as a first start makes them.
    const first = runMain({ TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json') });
    children.push(first.child);
    await first.url;
    first.child.kill('SIGTERM');
    await first.exit;
    const certFile = join(dataDir, 'tls', 'localhost-cert.pem');
    const keyFile = join(dataDir, 'tls', 'localhost-key.pem');
    const keys = { API_KEYS_FILE: join(dataDir, 'keys.json') };

    await expectRefusal(
      { ...keys, TLS_CERT_FILE: join(dataDir, 'missing.pem'), TLS_KEY_FILE: keyFile },
      /^Cannot read the TLS certificate file .*missing\.pem \(TLS_CERT_FILE\): it does not exist\.$/,
    );
    const folder = join(dataDir, 'a-folder');
    mkdirSync(folder);
    await expectRefusal({ ...keys, TLS_CERT_FILE: certFile, TLS_KEY_FILE: folder }, /^Cannot read the TLS private key file .*a-folder \(TLS_KEY_FILE\): it is a folder/);
    if (process.getuid?.() !== 0) {
      // Root reads any file whatever its mode: this case is only seen by another user.
      const locked = join(dataDir, 'locked-key.pem');
      writeFileSync(locked, readFileSync(keyFile), { mode: 0o000 });
      chmodSync(locked, 0o000);
      await expectRefusal({ ...keys, TLS_CERT_FILE: certFile, TLS_KEY_FILE: locked }, /^Cannot read the TLS private key file .*\(TLS_KEY_FILE\): permission denied/);
    }
    const notPem = join(dataDir, 'not-a-key.pem');
    writeFileSync(notPem, 'not a key');
    await expectRefusal({ ...keys, TLS_CERT_FILE: certFile, TLS_KEY_FILE: notPem }, /^The TLS private key file .*not-a-key\.pem \(TLS_KEY_FILE\) holds no PEM private key/);
  }, 120_000);
});
