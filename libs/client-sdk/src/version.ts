import { inBrowser } from './runtime.js';

/**
 * The package version. Its one source is package.json: the build (tsup.config.ts) and the test
 * configurations put it in as `__HOTELAPI_CLIENT_VERSION__`, so a release only bumps package.json.
 */
declare const __HOTELAPI_CLIENT_VERSION__: string | undefined;

export const VERSION: string = typeof __HOTELAPI_CLIENT_VERSION__ === 'string' ? __HOTELAPI_CLIENT_VERSION__ : '0.0.0-development';

/**
 * `@hotelapi/client/<version> node/<version>`, then the caller's own product token when given. Undefined
 * in a browser: it sends its own `User-Agent`, and a script's would not be CORS-safelisted (Firefox
 * would send it, at the cost of a preflight before each call; Chromium drops it).
 */
export function userAgent(suffix?: string): string | undefined {
  if (inBrowser()) return undefined;
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return [`@hotelapi/client/${VERSION}`, node ? `node/${node}` : undefined, suffix?.trim() || undefined].filter(Boolean).join(' ');
}
