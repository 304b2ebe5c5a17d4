/**
 * Whether the client runs in a browser (a page or a worker), where the browser owns `User-Agent` and
 * every request to another origin is subject to CORS. Node, Deno and Bun define neither global.
 */
export function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return typeof scope.document === 'object' || typeof scope.importScripts === 'function';
}
