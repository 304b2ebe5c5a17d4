/**
 * `GET /v1/availability/multi`: the lowest rates of every property of a chain, for booking widgets. No
 * envelope: widgets parse this shape directly. Its keys are lower case (`checkin`), unlike the shopper's.
 */

import { z } from 'zod';
import { AvailabilitySortBy, Device, SortOrder } from '../enums.js';
import { Amount, CalendarDate, CurrencyCode, HttpUrl, LanguageTag } from './common.js';
import { fieldOrder } from './field-order.js';
import { InlineEnum } from './inline-enum.js';
import { BoardCode, ChainCode, GeoPoint, PropertyCode, StarRating } from './property.js';
import { IntegerText, QueryInteger, QueryList, QueryNumber } from './query-string.js';
import { Adults, Children, Infants, Rooms, checkOutAfterCheckIn } from './stay.js';

export const AvailabilityMultiQuery = z
  .object({
    chainCode: ChainCode.describe('Chain whose properties are searched; also resolves the availability credentials.'),
    checkin: CalendarDate.describe('Check-in date, YYYY-MM-DD.'),
    checkout: CalendarDate.describe('Check-out date, YYYY-MM-DD; after checkin.'),
    currency: CurrencyCode.describe('Target currency of prices (ISO 4217).'),
    adults: QueryInteger(Adults).prefault(2),
    children: QueryInteger(Children).prefault(0),
    infants: QueryInteger(Infants).prefault(0),
    rooms: QueryInteger(Rooms).prefault(1),
    device: InlineEnum(Device).default('DESKTOP').describe('Device the widget runs on.'),
    lang: LanguageTag.optional().describe('Language of the texts; wins over Accept-Language.'),
    sortBy: InlineEnum(AvailabilitySortBy).default('PRICE').describe('Sort field.'),
    sortOrder: InlineEnum(SortOrder).optional().describe('Sort order; when omitted, DESC for POPULARITY and ASC otherwise.'),
    minPrice: QueryNumber(Amount).optional().describe('Only properties from this price, in the target currency.'),
    maxPrice: QueryNumber(Amount).optional().describe('Only properties up to this price, in the target currency.'),
    destination: z.string().min(1).optional().describe('Only properties in this destination, by name.'),
    rating: QueryList(IntegerText(StarRating))
      .optional()
      .describe('Only these star ratings, 1 to 5; repeat the parameter or separate with commas.'),
    boards: QueryList(IntegerText(BoardCode))
      .optional()
      .describe('Only rates with these boards (OpenTravel meal-plan codes); repeat the parameter or separate with commas.'),
    propertyName: z.string().min(1).max(100).optional().describe('Only properties whose name contains this text.'),
  })
  .check(
    checkOutAfterCheckIn('checkin', 'checkout'),
    fieldOrder('minPrice', 'maxPrice', { strict: false, message: 'must not be less than minPrice' }),
  );
export type AvailabilityMultiQuery = z.infer<typeof AvailabilityMultiQuery>;
export type AvailabilityMultiQueryInput = z.input<typeof AvailabilityMultiQuery>;

export const HotelRate = z
  .object({
    rate: z.string().describe('Rate code.'),
    room: z.string().describe('Room name, translated.'),
    board: BoardCode,
    price: Amount.describe('Price of the stay.'),
    discount: Amount.describe('Saving against the public price, as an amount.'),
    memberPrice: Amount.optional().describe('Price for loyalty members, where the rate plan has one.'),
    memberDiscount: Amount.optional().describe('Saving of the member price against the public price.'),
    remaining: z.int().nonnegative().describe('Rooms left at this rate.'),
  })
  .meta({ id: 'HotelRate', description: 'One of the lowest available rates of a property.' });
export type HotelRate = z.infer<typeof HotelRate>;

export const HotelLocation = z
  .object({ name: z.string().describe('Destination name.'), ...GeoPoint.shape })
  .meta({ id: 'HotelLocation', description: 'Where a property is.' });
export type HotelLocation = z.infer<typeof HotelLocation>;

const Count = z.int().nonnegative();

export const Hotel = z
  .object({
    code: PropertyCode,
    name: z.string().describe('Property name, translated.'),
    description: z.string().describe('Short description, translated.'),
    url: HttpUrl.describe('Property page.'),
    targetUrl: HttpUrl.describe('Booking engine page for this stay and party.'),
    includeInWidgetSearch: z.boolean().describe('Included in widget search.'),
    rating: StarRating,
    minprice: Amount.describe('Lowest price of the stay.'),
    nightsMin: z.int().positive().describe('Fewest nights the property sells in one stay.'),
    nightsMax: z.int().positive().describe('Most nights the property sells in one stay.'),
    symbol: z.string().describe('Currency symbol.'),
    photo: HttpUrl.describe('Photo, default size.'),
    photoM: HttpUrl.describe('Photo, medium size.'),
    photoL: HttpUrl.describe('Photo, large size.'),
    location: HotelLocation,
    beds: Count.describe('Number of beds.'),
    bathrooms: Count.describe('Number of bathrooms.'),
    bedrooms: Count.describe('Number of bedrooms.'),
    noOfPhotos: Count.describe('Number of photos.'),
    rates: z.array(HotelRate).describe('Lowest available rates.'),
  })
  .meta({ id: 'Hotel', description: 'A property of the chain with its lowest available rates.' });
export type Hotel = z.infer<typeof Hotel>;

/** Facet counts are keyed by strings because JSON object keys are strings, whatever they name. */
export const AvailabilityMetadata = z
  .object({
    destinations: z.record(z.string(), Count).describe('Matching properties per destination.'),
    boards: z.record(z.string(), Count).describe('Matching properties per board code.'),
    ratings: z.record(z.string(), Count).describe('Matching properties per star rating.'),
    minPrice: Amount.nullable().describe('Lowest price among the results; null when nothing matched.'),
    maxPrice: Amount.nullable().describe('Highest price among the results; null when nothing matched.'),
    sortBy: AvailabilitySortBy,
    sortOrder: SortOrder,
  })
  .meta({ id: 'AvailabilityMetadata', description: 'Facets of a multi-property availability search.' });
export type AvailabilityMetadata = z.infer<typeof AvailabilityMetadata>;

export const AvailabilityMultiResponse = z
  .object({
    hotels: z.array(Hotel).describe('Matching properties.'),
    metadata: AvailabilityMetadata,
    checkin: CalendarDate.describe('Echo of the request.'),
    checkout: CalendarDate.describe('Echo of the request.'),
    adults: Adults.describe('Echo of the request.'),
    currency: CurrencyCode.describe('Currency of every price.'),
    symbol: z.string().describe('Currency symbol.'),
    unavailableProperties: z
      .array(PropertyCode)
      .optional()
      .describe(
        'Properties whose data source failed or did not answer in time, so they are missing from `hotels` and the facets. ' +
          'Absent when every property answered; the response then also lacks the `X-Partial-Result: true` header.',
      ),
  })
  .meta({ id: 'AvailabilityMultiResponse', description: 'Availability of the properties of a chain.' });
export type AvailabilityMultiResponse = z.infer<typeof AvailabilityMultiResponse>;
