export { AuthenticationError } from './authentication-error.js';
export { ConnectionError } from './connection-error.js';
export { HotelApiError, type HotelApiErrorDetails, type HotelApiErrorType } from './hotel-api-error.js';
export { InvalidRequestError } from './invalid-request-error.js';
export { NotFoundError } from './not-found-error.js';
export { PermissionError } from './permission-error.js';
export { RateLimitError } from './rate-limit-error.js';
export { ServerError } from './server-error.js';
export { TimeoutError } from './timeout-error.js';
