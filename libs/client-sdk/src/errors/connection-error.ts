import { HotelApiError } from './hotel-api-error.js';

/**
 * No answer from the server: the connection was refused or reset, the name did not resolve, or TLS
 * failed (for example an untrusted certificate). `code` carries the system's code when there is one
 * (`ECONNREFUSED`, `SELF_SIGNED_CERT_IN_CHAIN`, ...) and `cause` the original error.
 */
export class ConnectionError extends HotelApiError {
  override readonly name: string = 'ConnectionError';
}
