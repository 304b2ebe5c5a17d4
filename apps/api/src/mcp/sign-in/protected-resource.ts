import type { FastifyInstance, FastifyRequest } from 'fastify';

/** RFC 9728's well-known path; the resource's own path is appended to it (`…/mcp`). */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

export interface ProtectedResource {
  /** This server's MCP endpoint as the request's client reaches it: the token audience. */
  resourceUrl(request: FastifyRequest): string;
  /** Where the metadata of that resource is published, for `WWW-Authenticate: resource_metadata`. */
  metadataUrl(request: FastifyRequest): string;
}

/**
 * `/mcp` as an OAuth protected resource. Its URL is `MCP_RESOURCE_URL` when configured, else
 * built from the `Host` header, which the host guard has already checked, so a client is told
 * the name it used to reach us and nothing a rebinding page chose.
 */
export function protectedResource(configuredUrl: string | undefined): ProtectedResource {
  const resourceUrl = (request: FastifyRequest) => configuredUrl ?? `https://${request.headers.host}/mcp`;
  return {
    resourceUrl,
    // The path-suffixed form (RFC 9728 §3.1), which MCP clients try first.
    metadataUrl: (request) => {
      const url = new URL(resourceUrl(request));
      return new URL(`${METADATA_PATH}${url.pathname === '/' ? '' : url.pathname}`, url).href;
    },
  };
}

/**
 * The Protected Resource Metadata document (RFC 9728): which resource this is and, when
 * `OAUTH_ISSUER` is set, which authorization server issues its tokens. Without an issuer there is
 * no `authorization_servers`: the only way in is an API key, and the document says so.
 */
export async function protectedResourceRoutes(
  app: FastifyInstance,
  { resource, issuer }: { resource: ProtectedResource; issuer: string | undefined },
): Promise<void> {
  const document = (request: FastifyRequest) => ({
    resource: resource.resourceUrl(request),
    ...(issuer === undefined ? {} : { authorization_servers: [issuer] }),
    bearer_methods_supported: ['header'],
    resource_name: 'Hotel API (MCP)',
    ...(issuer === undefined
      ? { description: 'Send an API key as "Authorization: Bearer <API_KEY>"; this deployment has no OAuth sign-in.' }
      : {}),
  });
  const schema = { tags: ['mcp'], summary: 'OAuth Protected Resource Metadata of /mcp (RFC 9728)' };
  app.get(METADATA_PATH, { schema }, async (request) => document(request));
  app.get(`${METADATA_PATH}/mcp`, { schema: { ...schema, hide: true } }, async (request) => document(request));
}
