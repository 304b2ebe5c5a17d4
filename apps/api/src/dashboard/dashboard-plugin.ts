import { SANDBOX_KEY, type KeyStore } from '@hotelapi/auth';
import { SupportedLanguage } from '@hotelapi/domain';
import type { FastifyInstance } from 'fastify';
import { ApiFailure } from '../failures/api-failure.js';
import type { ApiServices } from '../services/context.js';
import { dashboardAssetRoutes } from './dashboard-assets.js';
import { dashboardDataRoutes } from './dashboard-data-routes.js';
import { dashboardPage } from './dashboard-page.js';
import { csrfTokenOf, registerSessions, SESSION_COOKIE, signIn } from './dashboard-session.js';
import { refuseCrossSiteRequests } from './csrf.js';
import { OIDC_START_PATH, oidcSignInRoutes, type OidcSettings } from './oidc-sign-in.js';
import { dashboardSecurityHeaders } from './security-headers.js';
import type { SharedSessionRedis } from './shared-sessions.js';

export interface DashboardOptions {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  readonly sessionTtlMs: number;
  /** Sessions shared by every instance; undefined without REDIS_URL (each instance keeps its own). */
  readonly sessionRedis?: SharedSessionRedis | undefined;
  /** Sign-in through the chain's OpenID provider; undefined without OAUTH_ISSUER. */
  readonly oidc?: OidcSettings | undefined;
}

/**
 * The parity dashboard at /dashboard: its page and script, sign-in (OpenID provider, or the
 * sandbox key's grants), and the JSON its views read. Encapsulated: its cookie, session, CSRF
 * check and security headers apply to its own routes only.
 */
export async function dashboardRoutes(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  dashboardSecurityHeaders(app);
  await registerSessions(app, options.sessionTtlMs, options.sessionRedis);
  refuseCrossSiteRequests(app);

  const assets = await dashboardAssetRoutes(app);
  const sandbox = options.keyStore.authenticate(SANDBOX_KEY);

  app.get('/dashboard', { schema: { hide: true } }, async (request, reply) => {
    if (!assets) return reply.code(503).type('text/plain; charset=utf-8').send('The dashboard is not built: npx nx run dashboard:build');
    const asked = SupportedLanguage.safeParse((request.query as { lang?: unknown }).lang);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(dashboardPage({ scriptPath: assets.scriptPath, language: asked.success ? asked.data : request.language }));
  });

  app.get('/dashboard/api/session', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const principal = request.session.get('principal');
    return {
      signedIn: principal !== undefined,
      name: principal?.label ?? null,
      csrfToken: csrfTokenOf(request),
      signIn: { sandbox: sandbox !== undefined, oidc: options.oidc ? OIDC_START_PATH : null },
      channels: options.services.channelNames,
    };
  });

  app.post('/dashboard/api/sign-in/sandbox', { schema: { hide: true } }, async (request) => {
    if (!sandbox) throw new ApiFailure('route_not_found', 'This deployment has no sandbox keys to sign in with.');
    await signIn(request, { ...sandbox, label: 'Sandbox' });
    return { signedIn: true, csrfToken: csrfTokenOf(request) };
  });

  app.post('/dashboard/api/sign-out', { schema: { hide: true } }, async (request, reply) => {
    await request.session.destroy();
    void reply.clearCookie(SESSION_COOKIE, { path: '/dashboard' });
    return { signedIn: false };
  });

  if (options.oidc) await oidcSignInRoutes(app, options.oidc);
  await dashboardDataRoutes(app, options.services);
}
