import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiFailure } from '../failures/api-failure.js';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing call must carry the session's CSRF token in `X-CSRF-Token` (a header another
 * site's form cannot set) and, when the browser says where it comes from, come from this origin.
 */
export function refuseCrossSiteRequests(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const site = request.headers['sec-fetch-site'];
    const expected = request.session.get('csrfToken');
    const presented = request.headers[CSRF_HEADER];
    if ((site !== undefined && site !== 'same-origin') || !expected || typeof presented !== 'string' || !sameText(expected, presented)) {
      return done(new ApiFailure('origin_not_allowed', 'This call must come from the dashboard page itself, with its X-CSRF-Token.'));
    }
    done();
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
