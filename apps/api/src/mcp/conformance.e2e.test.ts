import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

/**
 * The official conformance suite (`@modelcontextprotocol/conformance`, every active server
 * scenario) against `/mcp`. Scenarios that do not apply are listed, with the reason, in
 * conformance-baseline.yml; the suite fails on any other failure and on a listed one that passes.
 *
 * The suite cannot send an API key, so it reaches the server through a loopback proxy that adds
 * `Authorization` and passes everything else (Host, Origin) through, as `mcp-remote --header` does.
 */

const run = promisify(execFile);
const suitePackage = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json');
const SUITE = join(dirname(suitePackage), 'dist/index.js');
const BASELINE = join(import.meta.dirname, 'conformance-baseline.yml');

function keyAddingProxy(api: RunningApi): Promise<Server> {
  const proxy = createServer((request, response) => {
    const upstream = httpsRequest(
      {
        host: '127.0.0.1',
        port: api.port,
        path: request.url,
        method: request.method,
        ca: api.ca,
        servername: 'localhost',
        headers: { ...request.headers, authorization: 'Bearer sk_test_sandbox' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

describe('the MCP conformance suite against /mcp', () => {
  let api: RunningApi;
  let proxy: Server;

  beforeAll(async () => {
    api = await startApi({ now: () => new Date() });
    proxy = await keyAddingProxy(api);
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await api?.close();
  });

  it('passes every scenario that applies', { timeout: 180_000 }, async () => {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
    const outputDir = mkdtempSync(join(tmpdir(), 'hotel-api-conformance-'));
    const { stdout } = await run(process.execPath, [SUITE, 'server', '--url', url, '--expected-failures', BASELINE, '--output-dir', outputDir], {
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`The conformance suite failed:\n${error.stdout?.slice(-4000)}\n${error.stderr?.slice(-2000)}`);
    });
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection']) {
      expect(stdout).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
    }
  });
});
