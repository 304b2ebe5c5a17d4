import { HotelApiError, type HotelApiErrorDetails } from './hotel-api-error.js';

/**
 * No answer from the server: the connection was refused or reset, the name did not resolve, or TLS
 * failed (for example an untrusted certificate). `systemCode` carries the system's code when there is
 * one (`ECONNREFUSED`, `SELF_SIGNED_CERT_IN_CHAIN`, ...) and `cause` the original error. The API sent no
 * error code, so `code` is undefined.
 */
export class ConnectionError extends HotelApiError {
  override readonly name: string = 'ConnectionError';
  readonly systemCode: string | undefined;

  constructor(message: string, details: HotelApiErrorDetails & { readonly systemCode?: string }) {
    super(message, details);
    this.systemCode = details.systemCode;
  }
}
