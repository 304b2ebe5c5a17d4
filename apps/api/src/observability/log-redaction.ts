import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets when a client puts one in a URL. */
export const SECRET_QUERY_PARAMS = ['api_key', 'apiKey', 'key', 'token', 'access_token'] as const;

const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');
/** Our key format wherever it appears (a path segment, another parameter). */
const API_KEY = /\bsk_(live|test)_[A-Za-z0-9_-]+/g;

const MAY_HOLD_SECRET = new RegExp(`[?&](?:${SECRET_QUERY_PARAMS.join('|')})=|sk_(?:live|test)_`, 'i');

/** The URL with the values of secret parameters, and anything shaped like our API keys, replaced. */
export function redactUrl(url: string): string {
  // Nearly every URL has neither: one scan instead of two replacements.
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url.replace(SECRET_PARAM, '$1[redacted]').replace(API_KEY, 'sk_$1_[redacted]');
}

/** Headers that carry credentials, censored wherever a log line carries headers. */
const SECRET_HEADERS = ['authorization', 'cookie'] as const;

/**
 * Logger settings that keep secrets out of every line: the request line carries no headers and a
 * redacted URL, and headers logged on their own have their credentials censored. Serializers
 * rather than pino's `redact` paths: they cost nothing on lines without those keys, which is
 * nearly every line (pino's redaction copies each `req` it is given, once per access line).
 */
export function redactingLoggerOptions(options: Exclude<FastifyServerOptions['logger'], boolean | undefined>) {
  return {
    ...options,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      headers: censorHeaders,
    },
  };
}

function censorHeaders(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return headers;
  const censored: Record<string, unknown> = { ...headers };
  for (const name of Object.keys(censored)) {
    if ((SECRET_HEADERS as readonly string[]).includes(name.toLowerCase())) censored[name] = '[redacted]';
  }
  return censored;
}
