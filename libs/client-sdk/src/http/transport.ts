import ky, { type KyInstance } from 'ky';
import { ServerError } from '../errors/server-error.js';
import {
  checkBaseUrl,
  checkMaxRetries,
  checkTimeout,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
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

/** A JSON answer and the request id it came with. */
export interface JsonAnswer {
  readonly body: unknown;
  readonly requestId: string;
}

/** Sends GETs through ky, with the client's headers, timeout and retries, and maps every failure. */
export class Transport {
  private readonly ky: KyInstance;
  private readonly prefix: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;

  constructor(options: ClientOptions) {
    if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')) {
      throw new TypeError('apiKey must be a non-empty string when given');
    }
    this.apiKey = options.apiKey?.trim();
    this.prefix = checkBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.maxRetries = checkMaxRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES);
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

  /** GET `path` (relative to the base URL) and parse the JSON answer. */
  async getJson(path: string, searchParams: URLSearchParams, options: GetOptions): Promise<JsonAnswer> {
    const timeoutMs = options.timeoutMs === undefined ? this.timeoutMs : checkTimeout(options.timeoutMs);
    const maxRetries = options.maxRetries === undefined ? this.maxRetries : checkMaxRetries(options.maxRetries);
    const language = options.language === undefined ? undefined : acceptLanguage(options.language);
    const headers: Record<string, string> = {};
    if (options.authenticated && this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    if (language) headers['accept-language'] = language;
    const call = { method: 'GET', url: `${this.prefix}${path}`, timeoutMs };

    try {
      const response = await this.ky.get(path, {
        searchParams,
        headers,
        timeout: timeoutMs,
        retry: retryOptions(maxRetries),
        signal: options.signal,
      });
      const requestId = response.headers.get('x-request-id') ?? '';
      const text = await response.text();
      try {
        return { body: JSON.parse(text), requestId };
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

  /** GET an envelope endpoint: its `data`, `summary` and `metadata`, and the request id. */
  async getEnvelope<Data, Summary, Metadata>(
    path: string,
    searchParams: URLSearchParams,
    options: RequestOptions = {},
  ): Promise<EnvelopeResult<Data, Summary, Metadata>> {
    const { body, requestId } = await this.getJson(path, searchParams, { ...options, authenticated: true });
    const envelope = body as { data?: Data | null; summary?: Summary; metadata?: Metadata & { requestId?: string } } | null;
    if (envelope === null || typeof envelope !== 'object' || envelope.data === null || envelope.data === undefined) {
      throw new ServerError(`GET ${this.prefix}${path} answered without data`, { type: 'api_error', requestId: requestId || undefined });
    }
    return {
      data: envelope.data,
      summary: envelope.summary as Summary,
      metadata: envelope.metadata as Metadata,
      requestId: requestId || envelope.metadata?.requestId || '',
    };
  }
}
