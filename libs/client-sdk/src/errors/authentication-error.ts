import { HotelApiError } from './hotel-api-error.js';

/**
 * 401: no valid API key (missing, malformed, unknown or revoked). From the availability endpoint: the
 * chain code could not be resolved.
 */
export class AuthenticationError extends HotelApiError {
  override readonly name: string = 'AuthenticationError';
}
