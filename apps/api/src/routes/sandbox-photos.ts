import { createHash } from 'node:crypto';
import { SANDBOX_PHOTO_PATH, sandboxPhotoSvg } from '@hotelapi/connectors';
import type { FastifyInstance } from 'fastify';
import { ApiFailure } from '../failures/api-failure.js';

const ONE_DAY_SECONDS = 86_400;
const PROPERTY_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The sandbox's property photos, drawn by the service itself (catalog/sandbox-photos.ts), so a
 * demo shows pictures without a photo host. Registered only with the sandbox keys on. Pages of
 * any origin show them (a widget's host page), hence the cross-origin resource policy; an SVG
 * opened on its own runs nothing (its CSP).
 */
export async function sandboxPhotoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { code: string; width: string } }>(`${SANDBOX_PHOTO_PATH}/:code/:width.svg`, { schema: { hide: true } }, async (request, reply) => {
    const { code, width } = request.params;
    const svg = PROPERTY_CODE.test(code) && /^\d+$/.test(width) ? sandboxPhotoSvg(code, Number(width)) : undefined;
    if (svg === undefined) {
      throw new ApiFailure('route_not_found', `No sandbox photo ${request.url.split('?', 1)[0]}: photos are ${SANDBOX_PHOTO_PATH}/<property code>/<640, 1024 or 1920>.svg.`);
    }
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    void reply
      .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .type('image/svg+xml');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(svg);
  });
}
