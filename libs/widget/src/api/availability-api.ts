import type { AvailabilityMultiParams, AvailabilityMultiResponse } from '@hotelapi/client';
import { WidgetApiError } from './widget-api-error.js';

/**
 * `GET /v1/availability/calendar`: the lowest price of each arrival day. The endpoint is being
 * added to the API alongside the widget; once it lands, take these types from `@hotelapi/client`.
 */
export interface PriceCalendarParams {
  readonly chainCode: string;
  readonly from: string;
  readonly to: string;
  readonly currency: string;
  readonly propertyCode?: string;
  readonly nights?: number;
  readonly adults?: number;
  readonly children?: number;
}

export interface PriceCalendarDay {
  readonly date: string;
  readonly bookable: boolean;
  /** Lowest price for `nights` nights from this day; null when the day is not bookable. */
  readonly price: number | null;
  /** Fewest nights a stay arriving this day must have; null when nothing is sold that day. */
  readonly minStay: number | null;
  readonly closedToArrival: boolean;
}

export interface PriceCalendar {
  readonly chainCode: string;
  readonly currency: string;
  readonly symbol: string;
  readonly nights: number;
  readonly dates: readonly PriceCalendarDay[];
}

/** The two keyless endpoints the widget calls, straight from the guest's browser. */
export class AvailabilityApi {
  constructor(private readonly baseUrl: string) {}

  search(params: AvailabilityMultiParams, signal?: AbortSignal): Promise<AvailabilityMultiResponse> {
    return this.get('/v1/availability/multi', params, signal);
  }

  priceCalendar(params: PriceCalendarParams, signal?: AbortSignal): Promise<PriceCalendar> {
    return this.get('/v1/availability/calendar', params, signal);
  }

  private async get<T>(path: string, params: object, signal?: AbortSignal): Promise<T> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null && item !== '') url.searchParams.append(name, String(item));
      }
    }
    let response: Response;
    try {
      response = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
    } catch (error) {
      // An abort is the caller's own doing; anything else is CORS refusing this page or an outage.
      if (signal?.aborted) throw error;
      if (await answersWithoutCors(url, signal)) {
        throw new WidgetApiError('origin_refused', `${url.origin} answers, but not to pages on ${location.origin} (CORS)`);
      }
      throw new WidgetApiError('unavailable', `Cannot reach ${url.origin}: ${String(error)}`);
    }
    if (response.ok) return (await response.json()) as T;
    throw await failureOf(response);
  }
}

/**
 * Whether the API answers at all: a browser hides why a CORS request failed, but a `no-cors`
 * request gets an (unreadable) answer from a server that is up and a network error from one that
 * is not. Asked once, after a failure, with HEAD so no answer body travels.
 */
async function answersWithoutCors(url: URL, signal?: AbortSignal): Promise<boolean> {
  return fetch(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', signal }).then(
    () => true,
    () => false,
  );
}

async function failureOf(response: Response): Promise<WidgetApiError> {
  const message = await response
    .json()
    .then((body: { message?: unknown }) => (typeof body.message === 'string' ? body.message : response.statusText))
    .catch(() => response.statusText);
  switch (response.status) {
    case 429:
      return new WidgetApiError('rate_limited', message, retryAfterSeconds(response.headers.get('retry-after')));
    case 401:
      return new WidgetApiError('chain_unknown', 'The chain code is not known to the API.');
    case 400:
      return new WidgetApiError('invalid', message);
    default:
      return new WidgetApiError('unavailable', `${response.status}: ${message}`);
  }
}

/** `Retry-After` as seconds or an HTTP date; 1 s when absent or unreadable. */
function retryAfterSeconds(header: string | null): number {
  if (header === null) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1 : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}
