import { HotelApiError } from './hotel-api-error.js';

/** 403: the API key may not read this resource (whether or not it exists). */
export class PermissionError extends HotelApiError {
  override readonly name: string = 'PermissionError';
}
