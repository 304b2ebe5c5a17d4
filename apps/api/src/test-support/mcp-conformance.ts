import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, every active server
 * scenario) against a running `/mcp`: shared by `npm run mcp:conformance` (mcp-conformance-cli.ts) and
 * CI's mcp/conformance.e2e.test.ts. Scenarios that do not apply are listed, with the reason, in
 * conformance-baseline.yml; the suite fails on any other failure and on a listed one that passes.
 */

const SUITE = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
export const CONFORMANCE_BASELINE = join(import.meta.dirname, '../mcp/conformance-baseline.yml');

/** Where the API listens, and the certificate to trust for it (the system's when absent). */
export interface McpTarget {
  readonly host: string;
  readonly port: number;
  readonly ca?: string;
  readonly servername?: string;
}

/**
 * The suite cannot send an API key, so it reaches the server through this loopback proxy, which
 * adds `Authorization` and passes everything else (Host, Origin) through, as `mcp-remote --header`
 * does. Answers `/mcp` on plain HTTP at the returned server's port.
 */
export function keyAddingProxy(target: McpTarget, apiKey: string): Promise<Server> {
  const proxy = createServer((request, response) => {
    const upstream = httpsRequest(
      {
        host: target.host,
        port: target.port,
        path: request.url,
        method: request.method,
        ...(target.ca && { ca: target.ca }),
        servername: target.servername ?? 'localhost',
        headers: { ...request.headers, authorization: `Bearer ${apiKey}` },
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

export function proxiedMcpUrl(proxy: Server): string {
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
}

export interface SuiteRun {
  readonly exitCode: number;
  /** What the suite printed, when it was captured rather than shown. */
  readonly output: string;
}

/** Runs every active server scenario against `mcpUrl`, with the baseline; shows or captures what it prints. */
export function runConformanceSuite(mcpUrl: string, options: { readonly outputDir: string; readonly show: boolean; readonly timeoutMs?: number }): Promise<SuiteRun> {
  const child = spawn(process.execPath, [SUITE, 'server', '--url', mcpUrl, '--expected-failures', CONFORMANCE_BASELINE, '--output-dir', options.outputDir], {
    stdio: options.show ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    timeout: options.timeoutMs,
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}
