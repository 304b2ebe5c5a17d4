/**
 * Fills the compile cache (`compile-cache.ts`): starts the service as configured (on a free
 * loopback port, with a throw-away certificate), loads what the first MCP request and a PostgreSQL
 * start load, writes what V8 compiled and exits. The container image runs it at build time, so
 * that its first start is a warm one (see the Dockerfile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, enableCompileCache, flushCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_CACHE_DIR } from './compile-cache.js';

const { status, message } = enableCompileCache(COMPILE_CACHE_DIR);
if (status === constants.compileCacheStatus.FAILED) throw new Error(`no compile cache in ${COMPILE_CACHE_DIR}: ${message}`);
const tlsDir = mkdtempSync(join(tmpdir(), 'hotel-api-warm-'));
Object.assign(process.env, { HOST: '127.0.0.1', PORT: '0', TLS_DIR: tlsDir });
delete process.env.TLS_CERT_FILE;
delete process.env.TLS_KEY_FILE;
const { failedStart, serve } = await import('./serve.js');
await serve().catch(failedStart);
await Promise.all([import('./start-with-postgres.js'), import('./mcp/mcp-server.js'), import('./mcp/stateless-exchange.js')]);
flushCompileCache();
rmSync(tlsDir, { recursive: true, force: true });
console.log(`compile cache written in ${COMPILE_CACHE_DIR}`);
process.exit(0);
