import type { LocalizedText, RatePlanKind } from '@hotelapi/domain';
import type { GeoPoint } from './stay.js';

export interface Chain {
  readonly code: string;
  readonly name: string;
  /** Every property of the chain, in the catalog's own order. */
  readonly propertyCodes: readonly string[];
  /** Where DISTANCE is measured from when the request names no destination. */
  readonly centre: GeoPoint;
  /** Browser origins allowed to call the keyless availability endpoint for this chain (CORS). */
  readonly widgetOrigins: readonly string[];
}

export interface Room {
  readonly code: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  /** Inactive rooms are listed by the catalog but never sold. */
  readonly active: boolean;
  readonly maxAdults: number;
  readonly maxOccupancy: number;
}

/** Cancellation terms of a rate plan; the API renders them as translated text. */
export type CancellationRule =
  | { readonly kind: 'NON_REFUNDABLE' }
  | { readonly kind: 'FREE_UNTIL'; readonly daysBefore: number };

export interface RatePlan {
  readonly code: string;
  readonly name: LocalizedText;
  readonly kind: RatePlanKind;
  /** OpenTravel meal-plan code (14 room only, 3 bed and breakfast, ...); see the domain's board table. */
  readonly boardCode: number;
  /** Extra-service codes included in the rate (the i18n catalogs hold their labels). */
  readonly extras: readonly string[];
  readonly cancellation: CancellationRule;
  /** Identifiers of this rate in the booking engine. */
  readonly beRateIds: readonly string[];
}

export interface Property {
  readonly code: string;
  readonly chainCode: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  /** Destination name used for filtering and facets (for example "Lisbon"). */
  readonly destination: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly location: GeoPoint;
  /** IANA time zone: what "today" means for this property. */
  readonly timeZone: string;
  /** ISO 4217 code the property prices in. */
  readonly currency: string;
  /** Star rating 1..5. */
  readonly rating: number;
  readonly includeInWidgetSearch: boolean;
  /** Public page of the property. */
  readonly url: string;
  /** Booking engine entry point; the API adds the stay and occupancy to it. */
  readonly bookingUrl: string;
  readonly photos: { readonly default: string; readonly medium: string; readonly large: string };
  readonly noOfPhotos: number;
  readonly beds: number;
  readonly bedrooms: number;
  readonly bathrooms: number;
  /** Fewest and most nights the property sells in one stay. */
  readonly nightsMin: number;
  readonly nightsMax: number;
  readonly rooms: readonly Room[];
  readonly ratePlans: readonly RatePlan[];
}

/** Port: chains and their properties. */
export interface PropertyCatalog {
  listChains(): Promise<readonly Chain[]>;
  getChain(chainCode: string): Promise<Chain | undefined>;
  getProperty(propertyCode: string): Promise<Property | undefined>;
  /** The properties of those codes it knows, in the order asked, in one go. */
  getProperties(propertyCodes: readonly string[]): Promise<readonly Property[]>;
}
