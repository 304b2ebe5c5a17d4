import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';
import { keyAddingProxy, proxiedMcpUrl, runConformanceSuite } from '../test-support/mcp-conformance.js';

/**
 * The official conformance suite against `/mcp`, as `npm run mcp:conformance` runs it (see
 * test-support/mcp-conformance.ts): through a loopback proxy that adds the sandbox key.
 */
describe('the MCP conformance suite against /mcp', () => {
  let api: RunningApi;
  let proxy: Server;

  beforeAll(async () => {
    api = await startApi({ now: () => new Date() });
    proxy = await keyAddingProxy({ host: '127.0.0.1', port: api.port, ca: api.ca }, 'sk_test_sandbox');
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await api?.close();
  });

  it('passes every scenario that applies', { timeout: 180_000 }, async () => {
    const outputDir = mkdtempSync(join(tmpdir(), 'hotel-api-conformance-'));
    const { exitCode, output } = await runConformanceSuite(proxiedMcpUrl(proxy), { outputDir, show: false, timeoutMs: 170_000 });
    expect(exitCode, `The conformance suite failed:\n${output.slice(-6000)}`).toBe(0);
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection']) {
      expect(output).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
    }
  });
});
