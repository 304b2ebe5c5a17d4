/**
 * The parity view: for each arrival date, our direct price against each channel's price for the
 * same room, rate and stay, judged WIN, MEET or LOSE within a tolerance; a summary per channel; and
 * how one stay's parity moved over the times the channel prices were collected.
 */

import { z } from 'zod';
import { ChannelType, ParityStatus } from '../enums.js';
import { DEFAULT_PARITY_TOLERANCE_PERCENT } from '../parity/parity-status.js';
import { Amount, CalendarDate, CurrencyCode, Instant } from './common.js';
import { atMostDates } from './date-range.js';
import { ResponseMetadata, envelope } from './envelope.js';
import { fieldOrder } from './field-order.js';
import { InlineEnum } from './inline-enum.js';
import { Nights } from './price-calendar.js';
import { PropertyCode } from './property.js';
import { QueryInteger, QueryNumber } from './query-string.js';
import { Adults, Children, StayDates, checkOutAfterCheckIn } from './stay.js';

/** Most arrival dates one parity view may span, `from` and `to` included. */
export const MAX_PARITY_DATES = 90;

export const TolerancePercent = z
  .number()
  .min(0, 'must be from 0 to 100')
  .max(100, 'must be from 0 to 100')
  .describe('Tolerance in percent of the direct price, 0 to 100: within it a channel MEETs the direct price.');
export type TolerancePercent = z.infer<typeof TolerancePercent>;


const channelFilter = InlineEnum(ChannelType).optional().describe('Only this channel; when omitted, every configured channel.');

export const ParityQuery = z
  .object({
    from: CalendarDate.describe('First arrival date, yyyy-MM-dd; not before today at the property.'),
    to: CalendarDate.describe(`Last arrival date, yyyy-MM-dd, included; at most ${MAX_PARITY_DATES} dates from \`from\`.`),
    nights: QueryInteger(Nights).prefault(1),
    adults: QueryInteger(Adults).prefault(2),
    children: QueryInteger(Children).prefault(0),
    currency: CurrencyCode.default('EUR').describe('Currency of the prices (ISO 4217).'),
    channel: channelFilter,
    tolerance: QueryNumber(TolerancePercent).prefault(DEFAULT_PARITY_TOLERANCE_PERCENT),
  })
  .check(fieldOrder('from', 'to', { strict: false, message: 'must not be before from' }), atMostDates(MAX_PARITY_DATES));
export type ParityQuery = z.infer<typeof ParityQuery>;
export type ParityQueryInput = z.input<typeof ParityQuery>;

export const ParityChannelPrice = z
  .object({
    channel: ChannelType,
    price: Amount.describe('The channel’s price of the same room and rate for the stay.'),
    status: ParityStatus,
  })
  .meta({ id: 'ParityChannelPrice', description: 'A channel’s price against the direct price.' });
export type ParityChannelPrice = z.infer<typeof ParityChannelPrice>;

export const ParityDate = z
  .object({
    date: CalendarDate.describe('Arrival date.'),
    direct: Amount.nullable().describe('Our lowest direct price of the stay; null when nothing is sold direct.'),
    roomId: z.string().nullable().describe('Room of the lowest direct rate, which the channels are compared on.'),
    rateId: z.string().nullable().describe('Rate of the lowest direct rate, which the channels are compared on.'),
    channels: z.array(ParityChannelPrice).describe('Channels selling that room and rate, with their status.'),
  })
  .meta({ id: 'ParityDate', description: 'One arrival date of a parity view.' });
export type ParityDate = z.infer<typeof ParityDate>;

export const ParityUndercut = z
  .object({
    date: CalendarDate.describe('Arrival date of the largest undercut.'),
    amount: Amount.describe('Direct price minus channel price.'),
    percent: z.number().describe('The undercut in percent of the direct price.'),
  })
  .meta({ id: 'ParityUndercut', description: 'A channel’s deepest undercut of the direct price.' });

export const ParityChannelSummary = z
  .object({
    channel: ChannelType,
    dates: z.int().nonnegative().describe('Dates on which the channel was compared.'),
    won: z.number().min(0).max(1).describe('Share of those dates the direct price won (0 to 1).'),
    met: z.number().min(0).max(1).describe('Share of those dates the channel met the direct price (0 to 1).'),
    lost: z.number().min(0).max(1).describe('Share of those dates the channel undercut the direct price (0 to 1).'),
    largestUndercut: ParityUndercut.nullable().describe('The deepest undercut; null when the channel never undercut.'),
  })
  .meta({ id: 'ParityChannelSummary', description: 'One channel over the dates of a parity view.' });
export type ParityChannelSummary = z.infer<typeof ParityChannelSummary>;

export const ParityData = z
  .object({
    hotelCode: PropertyCode,
    from: CalendarDate,
    to: CalendarDate,
    nights: Nights,
    adults: Adults,
    children: Children,
    currency: CurrencyCode.describe('Currency of every price.'),
    tolerance: TolerancePercent,
    dates: z.array(ParityDate).describe('Every arrival date from `from` to `to`, in order.'),
  })
  .meta({ id: 'ParityData', description: 'Direct price against the channels, per arrival date.' });
export type ParityData = z.infer<typeof ParityData>;

export const ParitySummary = z
  .object({ channels: z.array(ParityChannelSummary).describe('One entry per channel compared.') })
  .meta({ id: 'ParitySummary', description: 'Per channel: shares of dates won, met and lost, and the largest undercut.' });
export type ParitySummary = z.infer<typeof ParitySummary>;

export const ParityResponse = envelope({ data: ParityData, summary: ParitySummary, metadata: ResponseMetadata }).meta({
  id: 'ParityResponse',
  description: 'The parity view of one property, in the response envelope.',
});
export type ParityResponse = z.infer<typeof ParityResponse>;

// History

export const ParityHistoryQuery = StayDates.extend({
  since: z
    .union([CalendarDate, Instant], { error: 'must be a date yyyy-MM-dd or an ISO 8601 date-time with offset' })
    .optional()
    .describe('Only observations collected from then on (a date means its start, UTC); when omitted, every one kept.'),
  adults: QueryInteger(Adults).prefault(2),
  children: QueryInteger(Children).prefault(0),
  currency: CurrencyCode.default('EUR').describe('Currency of the prices (ISO 4217).'),
  channel: channelFilter,
  tolerance: QueryNumber(TolerancePercent).prefault(DEFAULT_PARITY_TOLERANCE_PERCENT),
}).check(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type ParityHistoryQuery = z.infer<typeof ParityHistoryQuery>;
export type ParityHistoryQueryInput = z.input<typeof ParityHistoryQuery>;

export const ParityObservation = z
  .object({
    collectedAt: Instant.describe('When the channel prices were collected.'),
    direct: Amount.nullable().describe('Our lowest direct price of the stay then; null when nothing was sold direct.'),
    roomId: z.string().nullable(),
    rateId: z.string().nullable(),
    channels: z.array(ParityChannelPrice),
  })
  .meta({ id: 'ParityObservation', description: 'One collection of the stay’s prices.' });
export type ParityObservation = z.infer<typeof ParityObservation>;

export const ParityHistoryData = z
  .object({
    hotelCode: PropertyCode,
    checkIn: CalendarDate,
    checkOut: CalendarDate,
    adults: Adults,
    children: Children,
    currency: CurrencyCode,
    tolerance: TolerancePercent,
    observations: z.array(ParityObservation).describe('Oldest first.'),
  })
  .meta({ id: 'ParityHistoryData', description: 'How one stay’s channel prices and statuses moved.' });
export type ParityHistoryData = z.infer<typeof ParityHistoryData>;

export const ParityHistoryResponse = envelope({ data: ParityHistoryData, metadata: ResponseMetadata }).meta({
  id: 'ParityHistoryResponse',
  description: 'The parity history of one stay, in the response envelope.',
});
export type ParityHistoryResponse = z.infer<typeof ParityHistoryResponse>;
export type ParityUndercut = z.infer<typeof ParityUndercut>;
