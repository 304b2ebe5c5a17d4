/** The names a machine calls itself by: a request between two of them never left the machine. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `Host`/authority text as `{ hostname, port }`, lower-cased; undefined for anything unparsable. */
export function parseAuthority(authority: string | undefined): { hostname: string; port: string } | undefined {
  if (!authority) return undefined;
  try {
    const url = new URL(`https://${authority}`);
    // A Host header is an authority and nothing more: no user info, path or query smuggled in.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return { hostname: url.hostname.toLowerCase(), port: url.port };
  } catch {
    return undefined;
  }
}

export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.includes(hostname);
}
