import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../http/errors/api-failure.js';

/**
 * The MCP spec's guard against DNS rebinding: a request that carries an `Origin` header (a
 * browser page) is refused with 403 unless that origin is allowed. Requests without one (MCP
 * clients, servers, curl) pass; they are not at the mercy of a hostile page.
 *
 * Configured origins are normalised once (`HTTPS://Example.com/` is `https://example.com`), the
 * form browsers send, so the header is compared as it is.
 */
export function refuseForeignOrigins(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map(normalisedOrigin));
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    throw new ApiFailure('origin_not_allowed', `Origin ${origin} may not call /mcp.`);
  };
}

function normalisedOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    // Not a URL (a typo in the configuration): kept as written, so it can only match itself.
    return origin;
  }
}
