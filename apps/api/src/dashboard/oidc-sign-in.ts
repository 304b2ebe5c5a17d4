import type * as OpenIdClient from 'openid-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantsOfToken } from '../mcp/sign-in/token-grants.js';
import { signIn } from './dashboard-session.js';

export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret?: string | undefined;
  readonly scopes: string;
}

export const OIDC_START_PATH = '/dashboard/auth/oidc';
const CALLBACK_PATH = '/dashboard/auth/callback';

/**
 * Sign-in through the chain's OpenID provider: authorization code with PKCE, state and nonce
 * (openid-client). The identity's claims become grants exactly as an MCP access token's do
 * (`grantsOfToken`); an identity that grants nothing, a wrong `state` or a refused code gets no
 * session and is sent back to the sign-in page with a reason.
 */
export async function oidcSignInRoutes(app: FastifyInstance, settings: OidcSettings): Promise<void> {
  // openid-client (and jose) load only in an instance that signs in through a provider.
  const oidc = await import('openid-client');
  let configuration: Promise<OpenIdClient.Configuration> | undefined;
  // Discovered on first use and kept; a failed discovery is tried again next time.
  const discovered = () =>
    (configuration ??= discover(oidc, settings).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    }));

  app.get(OIDC_START_PATH, { schema: { hide: true } }, async (request, reply) => {
    const config = await discovered().catch(() => undefined);
    if (!config) return reply.redirect('/dashboard?signIn=unavailable');
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    request.session.set('pendingSignIn', pending);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(request),
      scope: settings.scopes,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return reply.redirect(url.href);
  });

  app.get(CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const pending = request.session.get('pendingSignIn');
    request.session.set('pendingSignIn', undefined);
    const config = await discovered().catch(() => undefined);
    if (!pending || !config) return reply.redirect('/dashboard?signIn=refused');
    try {
      const current = new URL(`${callbackUrl(request)}${request.url.slice(request.url.indexOf('?'))}`);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        pkceCodeVerifier: pending.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) return reply.redirect('/dashboard?signIn=refused');
      const userInfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
      const claims: Record<string, unknown> = { ...userInfo, ...idClaims, scope: tokens.scope ?? '' };
      const grants = grantsOfToken(claims);
      if (grants.length === 0) return reply.redirect('/dashboard?signIn=noGrants');
      const name = typeof claims['name'] === 'string' ? claims['name'] : idClaims.sub;
      await signIn(request, { keyId: `oidc:${idClaims.sub}`, label: name, mode: 'live', grants });
      return reply.redirect('/dashboard');
    } catch (error) {
      request.log.warn({ err: error }, 'dashboard OIDC sign-in refused');
      return reply.redirect('/dashboard?signIn=refused');
    }
  });
}

function discover(oidc: typeof OpenIdClient, { issuer, clientId, clientSecret }: OidcSettings): Promise<OpenIdClient.Configuration> {
  const url = new URL(issuer);
  // The configuration allows plain HTTP only on loopback (tests and local development).
  const options = url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {};
  return oidc.discovery(url, clientId, undefined, clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(), options);
}

/** Where the provider sends the browser back: this host, as the browser reached it. */
function callbackUrl(request: FastifyRequest): string {
  return `https://${request.host}${CALLBACK_PATH}`;
}
