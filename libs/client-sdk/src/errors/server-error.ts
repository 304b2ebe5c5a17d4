import { HotelApiError } from './hotel-api-error.js';

/**
 * 5xx: the server failed (`api_error`) or a data source behind it did (`upstream_error`, 502/504). Thrown
 * once the client's retries are used up.
 */
export class ServerError extends HotelApiError {
  override readonly name: string = 'ServerError';
}
