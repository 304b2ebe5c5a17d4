import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type Config, type HTTPMethod, type HTTPVersion } from 'find-my-way';
import { ApiFailure, methodNotAllowed } from '../../failures/api-failure.js';

const MACHINERY: ReadonlySet<HTTPMethod> = new Set(['HEAD', 'OPTIONS']);

/**
 * Unknown paths are 404 and known paths with the wrong method are 405 with `Allow`, both thrown
 * so the error handler renders them in the documented shape.
 *
 * Which methods a path has is the router's knowledge, so we ask a router: every route added after
 * this plugin is also added to a find-my-way instance (the router Fastify itself uses, with the
 * same options), and on the rare not-found path it is asked, method by method, whether the path
 * matches. Parametric, multi-parameter, regex and wildcard segments match exactly as they route.
 */
export const unknownRoutes = fp(
  async (app: FastifyInstance, options: Pick<Config<HTTPVersion.V1>, 'ignoreTrailingSlash' | 'maxParamLength'>) => {
    const router = FindMyWay({ ...options, ignoreDuplicateSlashes: false });
    const methods = new Set<HTTPMethod>();
    const noop = () => undefined;

    app.addHook('onRoute', (route) => {
      // Fastify's methods are find-my-way's, upper-cased.
      for (const method of ([] as HTTPMethods[]).concat(route.method).map((m) => m.toUpperCase() as HTTPMethod)) {
        methods.add(method);
        // Routes told apart only by constraints (host, version) share one entry here.
        if (!router.hasRoute(method, route.url)) router.on(method, route.url, noop);
      }
    });

    app.setNotFoundHandler((request) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const served = [...methods].filter((method) => router.find(method, path) !== null);
      // HEAD comes with every GET, and OPTIONS here is CORS's catch-all preflight route: neither
      // makes a path a resource, nor is worth listing in Allow.
      const allowed = served.filter((method) => !MACHINERY.has(method));
      // A path whose route serves this very method was refused for something other than its
      // method (a constraint, say): that is a plain 404.
      if (allowed.length > 0 && !served.includes(request.method as HTTPMethod)) {
        throw methodNotAllowed(request.method, allowed);
      }
      throw new ApiFailure('route_not_found', `No route ${request.method} ${path}. See /openapi.json for the routes this API serves.`);
    });
  },
  { name: 'unknown-routes' },
);
