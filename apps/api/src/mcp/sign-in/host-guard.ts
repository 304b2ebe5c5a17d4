import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { LOOPBACK_HOSTS, parseAuthority } from './host-names.js';

export interface AllowedHostsOptions {
  /** `MCP_ALLOWED_HOSTS`: `name` (any port) or `name:port`. When set, it is the whole list. */
  readonly configured: readonly string[] | undefined;
  /** `HOST`, the name the server listens on. */
  readonly listeningHost: string;
  /** `MCP_RESOURCE_URL`, whose host clients are told to use. */
  readonly resourceUrl: string | undefined;
}

/**
 * The host names `/mcp` answers to: the configured list, or by default the listening host, the
 * resource URL's host and the loopback names, on any port. A wildcard listening address
 * (`0.0.0.0`, `::`) names no host, so it adds nothing.
 */
export function allowedHosts({ configured, listeningHost, resourceUrl }: AllowedHostsOptions): readonly string[] {
  if (configured) return configured;
  const resourceHost = resourceUrl === undefined ? [] : [new URL(resourceUrl).host];
  const listening = ['0.0.0.0', '::', '[::]'].includes(listeningHost) ? [] : [listeningHost.includes(':') && !listeningHost.startsWith('[') ? `[${listeningHost}]` : listeningHost];
  return [...new Set([...listening, ...resourceHost, ...LOOPBACK_HOSTS])];
}

/**
 * MCP's guard against DNS rebinding, by the `Host` header: a hostile page that makes its own
 * domain resolve to this machine still sends its own name as `Host`, so a request is served only
 * when `Host` is one of ours. Entries without a port allow any port.
 */
export function refuseForeignHosts(allowed: readonly string[]) {
  const entries = allowed.flatMap((entry) => {
    const parsed = parseAuthority(entry);
    return parsed ? [{ hostname: parsed.hostname, port: entry.endsWith(`:${parsed.port}`) && parsed.port !== '' ? parsed.port : undefined }] : [];
  });
  return async (request: FastifyRequest): Promise<void> => {
    const host = parseAuthority(request.headers.host);
    // The default HTTPS port is left out of a URL's port, and so of a Host header: compare as 443.
    const port = host?.port || '443';
    if (host && entries.some((entry) => entry.hostname === host.hostname && (entry.port === undefined || entry.port === port))) return;
    throw new ApiFailure('host_not_allowed', `This server does not answer to the host ${JSON.stringify(request.headers.host ?? '')} on /mcp.`);
  };
}
