import ky, { TimeoutError as KyTimeoutError, type BeforeRequestHook, type KyInstance, type Options, type RetryOptions } from 'ky';
import { ServerError } from '../errors/server-error.js';
import {
  checkBaseUrl,
  checkMaxRetries,
  checkTimeout,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type FetchLike,
  type RequestOptions,
} from '../options.js';
import type { EnvelopeResult } from '../types/results.js';
import { userAgent } from '../version.js';
import { acceptLanguage } from './language.js';
import { toHotelApiError } from './map-error.js';
import { retryOptions } from './retry.js';

export interface GetOptions extends RequestOptions {
  /** Send the API key (the envelope endpoints); the keyless availability endpoint does not. */
  readonly authenticated: boolean;
}

/** A POST's body and what goes with it (always with the API key). */
export interface PostOptions extends RequestOptions {
  /** Text, or a stream (sent chunk by chunk as it is produced). */
  readonly body: string | ReadableStream<Uint8Array>;
  readonly contentType: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** ky's retry for this POST; none unless given (a POST is retried only when it is safe to repeat). */
  readonly retry?: RetryOptions;
}

/** A JSON answer, the request id it came with, and its headers. */
export interface JsonAnswer {
  readonly body: unknown;
  readonly requestId: string;
  readonly headers: Headers;
}

/** Sends requests through ky, with the client's headers, timeout and retries, and maps every failure. */
export class Transport {
  private readonly ky: KyInstance;
  private readonly prefix: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly fetch: FetchLike | undefined;

  constructor(options: ClientOptions) {
    if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')) {
      throw new TypeError('apiKey must be a non-empty string when given');
    }
    this.apiKey = options.apiKey?.trim();
    this.prefix = checkBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.maxRetries = checkMaxRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.fetch = options.fetch;
    const language = options.language === undefined ? undefined : acceptLanguage(options.language);
    const agent = userAgent(options.userAgent);
    this.ky = ky.create({
      prefixUrl: this.prefix,
      fetch: options.fetch,
      headers: {
        accept: 'application/json',
        ...(agent ? { 'user-agent': agent } : {}),
        ...(language ? { 'accept-language': language } : {}),
      },
    });
  }

  /** The retries a call may make: its own `maxRetries`, else the client's. */
  retriesFor(options: RequestOptions): number {
    return options.maxRetries === undefined ? this.maxRetries : checkMaxRetries(options.maxRetries);
  }

  /** GET `path` (relative to the base URL) and parse the JSON answer. */
  getJson(path: string, searchParams: URLSearchParams, options: GetOptions): Promise<JsonAnswer> {
    const headers: Record<string, string> = {};
    if (options.authenticated && this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    return this.send('GET', path, { searchParams, headers, retry: retryOptions(this.retriesFor(options)) }, options);
  }

  /** POST `path` (relative to the base URL) with the API key and parse the JSON answer. */
  postJson(path: string, options: PostOptions): Promise<JsonAnswer> {
    const headers: Record<string, string> = { ...options.headers, 'content-type': options.contentType };
    if (this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    return this.send('POST', path, { body: options.body, headers, retry: options.retry ?? { limit: 0 } }, options);
  }

  /** Sends JSON (or nothing) with the API key, never retried unless `retry` says so; a 204's body is null. */
  sendJson(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: object | undefined, options: RequestOptions = {}, retry?: RetryOptions): Promise<JsonAnswer> {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    return this.send(method, path, { body: body === undefined ? undefined : JSON.stringify(body), headers, retry: retry ?? { limit: 0 } }, options);
  }

  /** GET an envelope endpoint: its `data`, `summary` and `metadata`, and the request id. */
  async getEnvelope<Data, Summary, Metadata>(
    path: string,
    searchParams: URLSearchParams,
    options: RequestOptions = {},
  ): Promise<EnvelopeResult<Data, Summary, Metadata>> {
    const answer = await this.getJson(path, searchParams, { ...options, authenticated: true });
    return this.envelopeOf<Data, Summary, Metadata>('GET', path, answer);
  }

  /** The envelope's parts of an answer, which must carry `data`. */
  envelopeOf<Data, Summary, Metadata>(method: string, path: string, { body, requestId }: JsonAnswer): EnvelopeResult<Data, Summary, Metadata> {
    const envelope = body as { data?: Data | null; summary?: Summary; metadata?: Metadata & { requestId?: string } } | null;
    if (envelope === null || typeof envelope !== 'object' || envelope.data === null || envelope.data === undefined) {
      throw new ServerError(`${method} ${this.prefix}${path} answered without data`, { type: 'api_error', requestId: requestId || undefined });
    }
    return {
      data: envelope.data,
      summary: envelope.summary as Summary,
      metadata: envelope.metadata as Metadata,
      requestId: requestId || envelope.metadata?.requestId || '',
    };
  }

  private async send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    request: Pick<Options, 'searchParams' | 'body' | 'retry'> & { readonly headers: Record<string, string> },
    options: RequestOptions,
  ): Promise<JsonAnswer> {
    const timeoutMs = options.timeoutMs === undefined ? this.timeoutMs : checkTimeout(options.timeoutMs);
    const language = options.language === undefined ? undefined : acceptLanguage(options.language);
    const headers = language ? { ...request.headers, 'accept-language': language } : request.headers;
    const call = { method, url: `${this.prefix}${path}`, timeoutMs };
    try {
      const streamed = request.body instanceof ReadableStream;
      const response = await this.ky(path, {
        ...request,
        method,
        headers,
        timeout: timeoutMs,
        signal: options.signal,
        ...(streamed && { hooks: { beforeRequest: [sendUncopied(this.fetch ?? ((input, init) => globalThis.fetch(input, init)), timeoutMs)] } }),
      });
      const requestId = response.headers.get('x-request-id') ?? '';
      const text = await response.text();
      if (response.status === 204) return { body: null, requestId, headers: response.headers };
      try {
        return { body: JSON.parse(text), requestId, headers: response.headers };
      } catch (cause) {
        throw new ServerError(`${call.method} ${call.url} answered ${response.status} with a body that is not JSON`, {
          type: 'api_error',
          status: response.status,
          requestId: requestId || undefined,
          headers: response.headers,
          cause,
        });
      }
    } catch (error) {
      // Cancelled by the caller: the signal's reason, as is, whatever the request was doing.
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      throw await toHotelApiError(error, call);
    }
  }
}

/**
 * ky copies each request before sending it, to have one for a retry; the copy of a stream body would
 * keep all of it in memory while it is sent. A stream is never retried, so it is sent from ky's
 * `beforeRequest` hook (whose answer ky takes without making the copy), under the same time limit.
 */
function sendUncopied(fetch: FetchLike, timeoutMs: number): BeforeRequestHook {
  return async (request) => {
    const timeLimit = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(new Request(request, { signal: AbortSignal.any([request.signal, timeLimit]) }));
      // ky takes only a global Response from the hook; a custom fetch (undici's) may answer with its own class.
      // (Typed as the global Response, which it need not be.)
      const answer: Pick<Response, 'body' | 'status' | 'statusText' | 'headers'> = response;
      return answer instanceof Response ? answer : new Response(answer.body, answer);
    } catch (error) {
      if (timeLimit.aborted && !request.signal.aborted) throw new KyTimeoutError(request);
      throw error;
    }
  };
}
