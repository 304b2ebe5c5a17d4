import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets when a client puts one in a URL. */
export const SECRET_QUERY_PARAMS = ['api_key', 'apiKey', 'key', 'token', 'access_token'] as const;

const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');
/** Our key format wherever it appears (a path segment, another parameter). */
const API_KEY = /\bsk_(live|test)_[A-Za-z0-9_-]+/g;

/** The URL with the values of secret parameters, and anything shaped like our API keys, replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]').replace(API_KEY, 'sk_$1_[redacted]');
}

/**
 * Logger settings that keep secrets out of every line: the Authorization and Cookie headers are
 * censored wherever a serializer might put them, and the request line's URL is redacted.
 */
export function redactingLoggerOptions(options: Exclude<FastifyServerOptions['logger'], boolean | undefined>) {
  return {
    ...options,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
