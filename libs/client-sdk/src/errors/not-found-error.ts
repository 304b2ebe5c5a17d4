import { HotelApiError } from './hotel-api-error.js';

/** 404: the resource does not exist, e.g. an unknown property code. */
export class NotFoundError extends HotelApiError {
  override readonly name: string = 'NotFoundError';
}
