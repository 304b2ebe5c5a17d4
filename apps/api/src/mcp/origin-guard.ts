import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../failures/api-failure.js';
import { isLoopback, parseAuthority } from './sign-in/host-names.js';

/**
 * The MCP spec's guard against DNS rebinding, by `Origin`: a request that carries one (a browser
 * page) is refused with 403 unless that origin is allowed. Requests without one (MCP clients,
 * servers, curl) pass; they are not at the mercy of a hostile page.
 *
 * A page on this machine calling this machine (a loopback `Origin` with a loopback `Host`, such
 * as the MCP Inspector's web UI on localhost:6274) passes too: it is a local client on the same
 * host, which the spec says not to refuse. The `Host` guard runs first, so a rebound domain never
 * gets this far with a loopback `Host`.
 *
 * Configured origins are normalised once (`HTTPS://Example.com/` is `https://example.com`), the
 * form browsers send, so the header is compared as it is.
 */
export function refuseForeignOrigins(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map(normalisedOrigin));
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin) || isLocalToLocal(origin, request.headers.host)) return;
    throw new ApiFailure('origin_not_allowed', `Origin ${origin} may not call /mcp.`);
  };
}

function isLocalToLocal(origin: string, host: string | undefined): boolean {
  const hostName = parseAuthority(host)?.hostname;
  if (hostName === undefined || !isLoopback(hostName)) return false;
  try {
    return isLoopback(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function normalisedOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    // Not a URL (a typo in the configuration): kept as written, so it can only match itself.
    return origin;
  }
}
