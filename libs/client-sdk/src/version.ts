/**
 * The package version. Its one source is package.json: the build (tsup.config.ts) and the test
 * configurations put it in as `__HOTELAPI_CLIENT_VERSION__`, so a release only bumps package.json.
 */
declare const __HOTELAPI_CLIENT_VERSION__: string | undefined;

export const VERSION: string = typeof __HOTELAPI_CLIENT_VERSION__ === 'string' ? __HOTELAPI_CLIENT_VERSION__ : '0.0.0-development';

/** `@hotelapi/client/<version> node/<version>`, then the caller's own product token when given. */
export function userAgent(suffix?: string): string {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return [`@hotelapi/client/${VERSION}`, node ? `node/${node}` : undefined, suffix?.trim() || undefined].filter(Boolean).join(' ');
}
