import type { FastifyInstance, HTTPMethods } from 'fastify';
import { methodNotAllowed, notFound } from '../errors/api-error.js';

/**
 * Unknown paths are 404 and known paths with the wrong method are 405 with `Allow`, both thrown
 * so the error handler renders them in the documented shape. Routes are remembered as they are
 * added; the patterns are compiled once, and matched only on the (rare) not-found path.
 */
export function answerUnknownRoutes(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();

  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    let known = byUrl.get(route.url);
    if (!known) {
      known = new Set();
      byUrl.set(route.url, known);
      routes.push({ pattern: patternOf(route.url), methods: known });
    }
    for (const method of methods) known.add(method);
  });

  app.setNotFoundHandler((request) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const route = routes.find(({ pattern }) => pattern.test(path));
    // A path that matches a route serving this very method was refused by the router for its
    // shape, not its method: that is a plain 404.
    if (route && !route.methods.has(request.method)) {
      throw methodNotAllowed(request.method, [...route.methods].filter((method) => method !== 'HEAD'));
    }
    throw notFound('route_not_found', `No route ${request.method} ${path}. See /openapi.json for the routes this API serves.`);
  });
}

/** `/v1/shopper/:code` -> /^\/v1\/shopper\/[^/]+\/?$/ */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}
