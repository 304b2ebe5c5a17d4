import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import Provider, { errors as oidcErrors } from 'oidc-provider';
import { fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../../test-support/start-api.js';

/**
 * Sign-in the way MCP clients do it, end to end: a real OpenID provider (`oidc-provider`, with
 * its development login and consent pages) on loopback, our API configured with it as
 * `OAUTH_ISSUER`, and the MCP SDK's client OAuth support doing discovery (Protected Resource
 * Metadata, authorization server metadata), dynamic client registration, the authorization code
 * flow with PKCE and the `resource` indicator, then calling tools with the JWT access token.
 * The only thing the test plays is the person at the login page.
 */

/** What the signed-in person may read: the limited sandbox key's grants, as scopes. */
const GRANTED_SCOPES = 'hotel:property:ACME001 hotel:chain:BLUE';

interface Issuer {
  readonly url: string;
  readonly signingKey: CryptoKey;
  close(): Promise<void>;
}

/** oidc-provider on http://127.0.0.1:<port>, issuing JWT access tokens for `resourceUrl` only. */
async function startIssuer(resourceUrl: () => string): Promise<Issuer> {
  const server: HttpServer = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(url, {
    jwks: { keys: [jwk] },
    cookies: { keys: ['oauth-sign-in-test'] },
    ttl: { AccessToken: 300, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, RefreshToken: 600 },
    scopes: ['openid', 'offline_access', ...GRANTED_SCOPES.split(' ')],
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    features: {
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceUrl(),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resourceUrl()) throw new oidcErrors.InvalidTarget();
          return { scope: GRANTED_SCOPES, audience: indicator, accessTokenFormat: 'jwt', accessTokenTTL: 300, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  server.on('request', provider.callback());
  return {
    url,
    signingKey: privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SDK's client-side OAuth hooks, in memory, as a desktop assistant would keep them on disk. */
class InMemoryOAuthClient implements OAuthClientProvider {
  clientInfo: OAuthClientInformationMixed | undefined;
  savedTokens: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:9/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'hotel-api OAuth test',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: GRANTED_SCOPES,
  };
  clientInformation = () => this.clientInfo;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.clientInfo = info);
  tokens = () => this.savedTokens;
  saveTokens = (tokens: OAuthTokens) => void (this.savedTokens = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

/**
 * The person at the provider's development login and consent pages: follows the redirects,
 * keeps the provider's cookies, signs in as `accountId` and consents, until the provider sends
 * the browser back to the client with a code.
 */
async function signInInBrowser(authorizationUrl: URL, accountId: string, redirectUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: authorizationUrl.href, method: 'GET' };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      ...(next.body ? { body: next.body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(redirectUrl)) {
        const code = target.searchParams.get('code');
        if (!code) throw new Error(`The provider sent the browser back without a code: ${target.href}`);
        return code;
      }
      next = { url: target.href, method: 'GET' };
      continue;
    }
    // A page: the login form, then the consent form, both posting back to the interaction.
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`Unexpected page from the provider (${response.status}): ${page.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'login';
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    next = { url: new URL(action, next.url).href, method: 'POST', body };
  }
  throw new Error('The sign-in did not come back to the client');
}

function fetchTrusting(dispatcher: Dispatcher): FetchLike {
  return (url, init) => undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>;
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INFO_CALL = (hotelCode: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_property_info', arguments: { hotelCode } } });

describe('OAuth sign-in on /mcp, with a real OpenID provider and the MCP SDK client', () => {
  let issuer: Issuer;
  let api: RunningApi;
  const resourceUrl = () => `${api.url}/mcp`;

  beforeAll(async () => {
    issuer = await startIssuer(resourceUrl);
    api = await startApi({ env: { OAUTH_ISSUER: issuer.url } });
  });
  afterAll(async () => {
    await api?.close();
    await issuer?.close();
  });

  it('publishes Protected Resource Metadata naming the issuer, at both well-known paths', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await api.get(path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ resource: resourceUrl(), authorization_servers: [issuer.url], bearer_methods_supported: ['header'] });
    }
  });

  it('signs in through discovery, registration and the authorization code flow, then calls tools within the grants', async () => {
    const oauth = new InMemoryOAuthClient();
    const fetchFn = fetchTrusting(api.dispatcher);
    const firstTry = new StreamableHTTPClientTransport(new URL(resourceUrl()), { authProvider: oauth, fetch: fetchFn });
    await expect(new Client({ name: 'oauth-test', version: '1' }).connect(firstTry)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(oauth.authorizationUrl?.origin).toBe(issuer.url);
    expect(oauth.authorizationUrl?.searchParams.get('resource')).toBe(resourceUrl());

    const code = await signInInBrowser(new URL(String(oauth.authorizationUrl)), 'revenue-manager-1', oauth.redirectUrl);
    await firstTry.finishAuth(code);
    expect(oauth.savedTokens?.access_token.split('.')).toHaveLength(3);

    const client = new Client({ name: 'oauth-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(resourceUrl()), { authProvider: oauth, fetch: fetchFn }));
    try {
      const granted = await client.callTool({ name: 'get_property_info', arguments: { hotelCode: 'ACME001' } });
      expect(granted).toMatchObject({ isError: false, structuredContent: { data: { code: 'ACME001' } } });
      const inChain = await client.callTool({ name: 'get_property_info', arguments: { hotelCode: 'BLUE002' } });
      expect(inChain).toMatchObject({ isError: false, structuredContent: { data: { code: 'BLUE002' } } });

      const outside = await client.callTool({ name: 'get_property_info', arguments: { hotelCode: 'ACME002' } });
      expect(outside.isError).toBe(true);
      expect(outside.structuredContent).toBeUndefined();
      expect(JSON.stringify(outside.content)).toContain('ACME002');
    } finally {
      await client.close();
    }
  });

  describe('tokens that must not get in: a clear 401, no data', () => {
    const token = (claims: Record<string, unknown>, { audience = resourceUrl(), expiresIn = '5m' as string | number } = {}) =>
      new SignJWT({ scope: GRANTED_SCOPES, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-signing-key', typ: 'at+jwt' })
        .setIssuer(issuer.url)
        .setSubject('revenue-manager-1')
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(issuer.signingKey);
    const call = (bearer: string, hotelCode = 'ACME001') =>
      api.request('POST', '/mcp', { headers: { ...MCP_HEADERS, authorization: `Bearer ${bearer}` }, body: INFO_CALL(hotelCode) });

    it.each([
      ['an expired token', () => token({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }), 'access_token_expired', /expired/],
      ['a token for another resource', () => token({}, { audience: 'https://other.example/mcp' }), 'access_token_wrong_audience', /another resource/],
      ['a token signed by someone else', async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ scope: GRANTED_SCOPES })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-signing-key' })
          .setIssuer(issuer.url)
          .setSubject('x')
          .setAudience(resourceUrl())
          .setExpirationTime('5m')
          .sign(privateKey);
      }, 'access_token_invalid', /not valid/],
    ])('refuses %s', async (_case, make, code, message) => {
      const response = await call(await make());
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="https:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", error="invalid_token"/);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message, data: { code } } });
      expect(response.body.result).toBeUndefined();
    });

    it('answers a valid token that grants nothing with 403 insufficient_scope', async () => {
      const response = await call(await token({ scope: 'openid' }));
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toMatch(/error="insufficient_scope"/);
      expect(response.body.error.data.code).toBe('access_token_no_grants');
    });

    it('maps the hotel_grants claim like scopes, and a token outside its grants reads nothing', async () => {
      const bearer = await token({ scope: undefined, hotel_grants: ['property:ACME001'] });
      expect((await call(bearer)).body.result).toMatchObject({ isError: false, structuredContent: { data: { code: 'ACME001' } } });
      const refused = (await call(bearer, 'BLUE001')).body.result;
      expect(refused).toMatchObject({ isError: true });
      expect(refused.structuredContent).toBeUndefined();
    });

    it('still takes API keys', async () => {
      const response = await call('sk_test_sandbox_limited');
      expect(response.body.result).toMatchObject({ isError: false });
    });
  });
});
