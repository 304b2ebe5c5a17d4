import { HotelApiError } from './hotel-api-error.js';

/** 400: the request is invalid, e.g. a missing or malformed parameter (see `param`). */
export class InvalidRequestError extends HotelApiError {
  override readonly name: string = 'InvalidRequestError';
}
