import { Transport } from './http/transport.js';
import type { ClientOptions } from './options.js';
import { AvailabilityResource } from './resources/availability.js';
import { DataResource } from './resources/data.js';
import { EventsResource } from './resources/events.js';
import { ParityResource } from './resources/parity.js';
import { PropertiesResource } from './resources/properties.js';
import { ReviewsResource } from './resources/reviews.js';
import { ShopperResource } from './resources/shopper.js';

/**
 * Client of the Hotel API's `/v1` endpoints.
 *
 * @example
 * const client = new HotelApiClient({ apiKey: process.env.HOTEL_API_KEY, baseUrl: 'https://api.example.com' });
 * const { data } = await client.shopper.get('ACME001', { checkIn: '2026-12-10', checkOut: '2026-12-13' });
 */
export class HotelApiClient {
  /** `GET /v1/shopper/{code}` */
  readonly shopper: ShopperResource;
  /** `GET /v1/reviews/{code}` */
  readonly reviews: ReviewsResource;
  /** `GET /v1/availability/multi`, `/v1/availability/calendar` (both keyless) and `/v1/availability/{code}` */
  readonly availability: AvailabilityResource;
  /** `GET /v1/properties/{code}`, `/rooms` and `/lowest-monthly-rates` */
  readonly properties: PropertiesResource;
  /** `GET /v1/parity/{code}` and `/history` */
  readonly parity: ParityResource;
  /** `POST /v1/data`: push records (ARI, nights, channel prices, ...) with a key that may write */
  readonly data: DataResource;
  /** `GET /v1/events`: the change feed (parity alerts, rates and availability changed, data loaded), a page or every event */
  readonly events: EventsResource;

  constructor(options: ClientOptions = {}) {
    const transport = new Transport(options);
    this.shopper = new ShopperResource(transport);
    this.reviews = new ReviewsResource(transport);
    this.availability = new AvailabilityResource(transport);
    this.properties = new PropertiesResource(transport);
    this.parity = new ParityResource(transport);
    this.data = new DataResource(transport);
    this.events = new EventsResource(transport);
  }
}
