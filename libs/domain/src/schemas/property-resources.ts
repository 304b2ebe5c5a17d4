/**
 * The REST forms of what the MCP tools serve about one property: information, rooms, lowest monthly
 * rates and single-property availability. Each response's `data` is exactly the tool's `data`
 * schema, so REST and MCP cannot drift apart; only the query string differs (URL text, decoded).
 */

import { z } from 'zod';
import { Device } from '../enums.js';
import { CountryCode, CurrencyCode } from './common.js';
import { ResponseMetadata, envelope } from './envelope.js';
import { InlineEnum } from './inline-enum.js';
import {
  GetPropertyAvailabilitySingleData,
  GetPropertyInfoData,
  GetPropertyLowestMonthlyRatesData,
  GetPropertyRoomsData,
} from './mcp-tools.js';
import { QueryInteger } from './query-string.js';
import { Adults, Children, Infants, Rooms, StayDates, checkOutAfterCheckIn } from './stay.js';

export const PropertyInfoResponse = envelope({ data: GetPropertyInfoData, metadata: ResponseMetadata }).meta({
  id: 'PropertyInfoResponse',
  description: 'What the catalog knows about one property, in the response envelope.',
});
export type PropertyInfoResponse = z.infer<typeof PropertyInfoResponse>;

export const PropertyRoomsResponse = envelope({ data: GetPropertyRoomsData, metadata: ResponseMetadata }).meta({
  id: 'PropertyRoomsResponse',
  description: 'The room types of one property, in the response envelope.',
});
export type PropertyRoomsResponse = z.infer<typeof PropertyRoomsResponse>;

export const LowestMonthlyRatesQuery = z.object({
  currency: CurrencyCode.optional().describe('Currency of the rates (ISO 4217); when omitted, the property’s own.'),
});
export type LowestMonthlyRatesQuery = z.infer<typeof LowestMonthlyRatesQuery>;

export const LowestMonthlyRatesResponse = envelope({ data: GetPropertyLowestMonthlyRatesData, metadata: ResponseMetadata }).meta({
  id: 'LowestMonthlyRatesResponse',
  description: 'The cheapest night of each of the coming twelve months, in the response envelope.',
});
export type LowestMonthlyRatesResponse = z.infer<typeof LowestMonthlyRatesResponse>;

/** The tool's arguments as a query string: `adults` and `currency` are required, as for the tool. */
export const AvailabilitySingleQuery = StayDates.extend({
  adults: QueryInteger(Adults),
  currency: CurrencyCode.describe('Currency of the returned prices (ISO 4217).'),
  children: QueryInteger(Children).optional(),
  infants: QueryInteger(Infants).optional(),
  rooms: QueryInteger(Rooms).optional(),
  device: InlineEnum(Device).optional().describe('Device the guest books on; prices may differ for MOBILE.'),
  remoteCountry: CountryCode.optional().describe('Country of the guest (ISO 3166-1 alpha-2), for geo-targeted prices.'),
}).check(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type AvailabilitySingleQuery = z.infer<typeof AvailabilitySingleQuery>;
export type AvailabilitySingleQueryInput = z.input<typeof AvailabilitySingleQuery>;

export const AvailabilitySingleResponse = envelope({ data: GetPropertyAvailabilitySingleData, metadata: ResponseMetadata }).meta({
  id: 'AvailabilitySingleResponse',
  description: 'Every room and rate of one property for a stay, in the response envelope.',
});
export type AvailabilitySingleResponse = z.infer<typeof AvailabilitySingleResponse>;
