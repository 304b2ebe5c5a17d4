import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SANDBOX_AUTH, startApi, type RunningApi } from '@hotelapi/api/testing';
import { loadTlsMaterial } from '@hotelapi/api/benchmark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The listener as `npm run webhooks:listen` runs it, with each printed line handed to whoever waits for one. */
function startListener(args: string[], env: Record<string, string>): { child: ChildProcess; lineMatching(pattern: RegExp): Promise<string> } {
  const child = spawn(process.execPath, ['--conditions=@hotelapi/source', '--import', 'tsx', join(import.meta.dirname, 'webhooks-listen.ts'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  // Piped above, so always there; the type allows for other stdio settings.
  if (!child.stdout) throw new Error('the listener has no standard output');
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const wait of waiting.filter(({ pattern }) => pattern.test(line))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  });
  return {
    child,
    lineMatching: (pattern) =>
      new Promise((resolve) => {
        const seen = lines.find((line) => pattern.test(line));
        if (seen) resolve(seen);
        else waiting.push({ pattern, resolve });
      }),
  };
}

describe('npm run webhooks:listen -- --subscribe', () => {
  let api: RunningApi;
  let listener: ReturnType<typeof startListener>;
  const dir = mkdtempSync(join(tmpdir(), 'webhooks-listen-'));

  beforeAll(async () => {
    // The listener serves the certificate of TLS_DIR, as under `npm start`; the API trusts it.
    const listenerTls = await loadTlsMaterial({ selfSignedDir: dir });
    api = await startApi({ webhookCa: listenerTls.cert });
    writeFileSync(join(dir, 'api-ca.pem'), api.ca);
    listener = startListener(['--subscribe', '--port', '0', '--api', api.url, '--types', 'webhook.test,parity.breach'], {
      TLS_DIR: dir,
      NODE_EXTRA_CA_CERTS: join(dir, 'api-ca.pem'),
    });
  }, 60_000);

  afterAll(async () => {
    if (listener.child.exitCode === null) listener.child.kill('SIGKILL');
    await api?.close();
  });

  it('subscribes itself, prints a verified event, and deletes its subscription when stopped', async () => {
    const subscribed = await listener.lineMatching(/^Subscribed /);
    const id = /^Subscribed (\S+) /.exec(subscribed)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(readFileSync(join(dir, 'localhost-cert.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');
    expect((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.types).toEqual(['webhook.test', 'parity.breach']);

    const test = await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
    const eventId: string = test.body.data.eventId;
    const verified = await listener.lineMatching(new RegExp(`^verified .* webhook\\.test ${eventId} `));
    expect(verified).toMatch(/^verified \d{4}-\d\d-\d\dT\S+ webhook\.test evt_\w+ \S/);

    listener.child.kill('SIGTERM');
    await listener.lineMatching(new RegExp(`^Unsubscribed ${id}\\.`));
    await once(listener.child, 'exit');
    expect((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).status).toBe(404);
  }, 60_000);
});
