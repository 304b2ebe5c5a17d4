/**
 * `npm run mcp:conformance`: the official MCP conformance suite against this service, with the
 * sandbox key, nothing to set up. By default it starts the API in-process (sandbox data, a
 * throw-away certificate) and stops it after; `-- --url https://localhost:8443` tests a service
 * already running instead (its certificate trusted from `--ca`, by default .data/tls/localhost-cert.pem
 * when present; the key from MCP_CONFORMANCE_API_KEY, by default the sandbox key). Exits with the suite's code.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_KEY } from '@hotelapi/auth';
import { startApi } from './start-api.js';
import { CONFORMANCE_BASELINE, keyAddingProxy, proxiedMcpUrl, runConformanceSuite, type McpTarget } from './mcp-conformance.js';

const DEFAULT_CA = '.data/tls/localhost-cert.pem';

const { values } = parseArgs({ options: { url: { type: 'string' }, ca: { type: 'string' } } });
const apiKey = process.env.MCP_CONFORMANCE_API_KEY ?? SANDBOX_KEY;
const api = values.url ? undefined : await startApi({ now: () => new Date() });
const target: McpTarget = api ? { host: '127.0.0.1', port: api.port, ca: api.ca } : runningService(values.url ?? '', values.ca);
const proxy = await keyAddingProxy(target, apiKey);
try {
  const outputDir = mkdtempSync(join(tmpdir(), 'hotel-api-conformance-'));
  console.log(`MCP conformance suite against ${values.url ?? `the API started in-process (port ${target.port})`}/mcp, baseline ${CONFORMANCE_BASELINE}`);
  const { exitCode } = await runConformanceSuite(proxiedMcpUrl(proxy), { outputDir, show: true });
  console.log(`Results: ${outputDir}`);
  process.exitCode = exitCode;
} finally {
  await new Promise((resolve) => proxy.close(resolve));
  await api?.close();
}

function runningService(url: string, caFile = existsSync(DEFAULT_CA) ? DEFAULT_CA : undefined): McpTarget {
  const { hostname, port, protocol } = new URL(url);
  if (protocol !== 'https:') throw new Error(`--url must be the service's https:// origin, not ${url}`);
  return { host: hostname, port: Number(port || 443), servername: hostname, ...(caFile && { ca: readFileSync(caFile, 'utf8') }) };
}
