import type { FastifyInstance } from 'fastify';

/**
 * The dashboard's own scripts only (no inline script, no eval), its own API only, never framed.
 * Styles: Lit's constructed stylesheets and uPlot's CSSOM styles need no inline `<style>`.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every /dashboard answer: pages, assets and JSON alike; a user's data is never kept by a cache. */
export function dashboardSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/dashboard/api/')) void reply.header('cache-control', 'private, no-store');
    void reply
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header('cross-origin-opener-policy', 'same-origin')
      .header('cross-origin-resource-policy', 'same-origin');
    done();
  });
}
