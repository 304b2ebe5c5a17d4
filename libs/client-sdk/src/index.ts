export { HotelApiClient } from './client.js';
export * from './errors/index.js';
export type { ClientOptions, FetchLike, RequestOptions } from './options.js';
export { AvailabilityResource } from './resources/availability.js';
export { ReviewsResource } from './resources/reviews.js';
export { ShopperResource } from './resources/shopper.js';
export type * from './types/generated.js';
export type * from './types/results.js';
export { VERSION } from './version.js';
