/**
 * The service's entry point. Before anything else is loaded, Node is asked to keep the code V8
 * compiles for every module on disk and to reuse it on the next start: compiling its hundreds of
 * modules is a large part of a cold start. Then the service itself starts.
 */
import { enableCompileCache } from 'node:module';
import { COMPILE_CACHE_DIR } from './compile-cache.js';

enableCompileCache(COMPILE_CACHE_DIR);
const { failedStart, serve } = await import('./serve.js');
await serve().catch(failedStart);
