/**
 * The service's entry point. Before anything else is loaded, Node is asked to keep the code V8
 * compiles for every module on disk (in the system's temporary folder) and to reuse it on the next
 * start: compiling its hundreds of modules is most of a cold start. Then the service itself starts.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./serve.js');
