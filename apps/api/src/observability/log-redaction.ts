import { SANDBOX_API_KEYS } from '@hotelapi/auth';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets when a client puts one in a URL. */
export const SECRET_QUERY_PARAMS = ['api_key', 'apiKey', 'key', 'token', 'access_token'] as const;

/** Parameters whose values never reach a log: the secret ones, and a credential header sent as a parameter. */
const REDACTED_PARAMS = new Set([...SECRET_QUERY_PARAMS, 'authorization'].map((name) => name.toLowerCase()));

/** `%5F`, `%5f`, and the same escaped again (`%255F`), as a proxy or a careless client may write it. */
const ESCAPE = '%(?:25)*';
/** One character as written literally or percent-encoded, in either case. */
const spelled = (text: string) => [...text].map((char) => `(?:${char}|${ESCAPE}${char.charCodeAt(0).toString(16)})`).join('');
/** The rest of a key: its own characters, and anything escaped (a careful look at it costs more than redacting it). */
const KEY_TAIL = `(?:[A-Za-z0-9_-]|${ESCAPE}[0-9A-Fa-f]{2})+`;
const KEY_SOURCE = `${spelled('sk_')}(?:(${spelled('live')})|${spelled('test')})${spelled('_')}${KEY_TAIL}`;
/**
 * Our key format wherever and however it is written: in a path segment, in any parameter's name or
 * value, after `Bearer%20` or `Bearer+`, percent-encoded in any case. No word boundary before it:
 * `%20sk_live_…` has a word character just before the key.
 */
const API_KEY = new RegExp(KEY_SOURCE, 'gi');
/** A first look that is cheap: every spelling of a key has `_live_` or `_test_` written out, or an escape. */
const MAY_HOLD_API_KEY = /_(?:live|test)_|%/i;
const MAY_HOLD_SECRET = new RegExp(`[?&](?:${[...REDACTED_PARAMS].join('|')})=|${MAY_HOLD_API_KEY.source}`, 'i');

/** The sandbox's keys are published (README, the start-up line that lists them): no secret to keep. */
const PUBLISHED_KEYS = new Set(SANDBOX_API_KEYS.map(({ key }) => key));

/** `text` with anything shaped like one of our API keys, however written, replaced. */
export function redactApiKeys(text: string): string {
  if (!MAY_HOLD_API_KEY.test(text)) return text;
  return text.replace(API_KEY, (key: string, live?: string) => {
    if (PUBLISHED_KEYS.has(key)) return key;
    return live ? 'sk_live_[redacted]' : 'sk_test_[redacted]';
  });
}

/** The URL with the values of secret parameters, and anything shaped like our API keys, replaced. */
export function redactUrl(url: string): string {
  // Nearly every URL has no escape, no secret parameter and no key: one scan, and done.
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return redactApiKeys(redactSecretParams(url));
}

function redactSecretParams(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const pairs = url.slice(queryAt + 1).split('&');
  for (const [index, pair] of pairs.entries()) {
    const equals = pair.indexOf('=');
    if (equals >= 0 && REDACTED_PARAMS.has(unescapeName(pair.slice(0, equals)).toLowerCase())) {
      pairs[index] = `${pair.slice(0, equals)}=[redacted]`;
    }
  }
  return `${url.slice(0, queryAt + 1)}${pairs.join('&')}`;
}

/** A parameter name as the server reads it (`api%5Fkey` is `api_key`); never throws on a bad escape. */
function unescapeName(name: string): string {
  return name.replace(/%(?:25)*([0-9A-Fa-f]{2})/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Headers that carry credentials, censored wherever a log line carries headers. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key'] as const;

/**
 * Logger settings that keep secrets out of every line: the request line carries no headers and a
 * redacted URL, headers logged on their own have their credentials censored, and anything shaped
 * like one of our keys is replaced in every written line, whatever field carried it (an error
 * message quoting a path, a header value, a client's request id). Serializers
 * rather than pino's `redact` paths: they cost nothing on lines without those keys, which is
 * nearly every line (pino's redaction copies each `req` it is given, once per access line).
 */
export function redactingLoggerOptions(options: Exclude<FastifyServerOptions['logger'], boolean | undefined>) {
  return {
    ...options,
    hooks: { ...options.hooks, streamWrite: redactApiKeys },
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
