/** `GET /v1/shopper/{code}`: our direct price for a stay against what the channels sell it for. */

import { z } from 'zod';
import { ChannelType, RateParity } from '../enums.js';
import { Amount, CurrencyCode, Instant } from './common.js';
import { ResponseMetadata, envelope } from './envelope.js';
import { InlineEnum } from './inline-enum.js';
import { QueryInteger } from './query-string.js';
import { Adults, Children, StayDates, checkOutAfterCheckIn } from './stay.js';


export const RateId = z.string().min(1).max(64).describe('Rate identifier.');
export type RateId = z.infer<typeof RateId>;

export const ShopperQuery = StayDates.extend({
  adults: QueryInteger(Adults).prefault(2),
  children: QueryInteger(Children).prefault(0),
  channel: InlineEnum(ChannelType).optional().describe('Only this channel; when omitted, every configured channel.'),
  currency: CurrencyCode.default('EUR').describe('Currency of the returned prices (ISO 4217).'),
  rateId: RateId.optional().describe('Shop this rate; when omitted, the cheapest rate.'),
}).check(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type ShopperQuery = z.infer<typeof ShopperQuery>;
export type ShopperQueryInput = z.input<typeof ShopperQuery>;

/** JSON keys are snake_case, as the contract has them. */
export const ShopperChannel = z
  .object({
    source_id: ChannelType.describe('Identifier of the source channel.'),
    source_name: z.string().describe('Name of the source channel, as this deployment displays it.'),
    price: Amount.describe('Price of the stay in that channel.'),
  })
  .meta({ id: 'ShopperChannel', description: 'A sales channel and its price for the stay.' });
export type ShopperChannel = z.infer<typeof ShopperChannel>;

export const ShopperRate = z
  .object({
    price: Amount.describe('Direct price of the rate for the whole stay.'),
    roomId: z.string().describe('Room identifier.'),
    rateId: RateId,
    beRateId: z.array(z.string()).describe('Identifiers of the rate in the booking engine.'),
    roomName: z.string().describe('Room name, translated.'),
    cancellationPolicy: z.string().describe('Cancellation policy, translated.'),
    board: z.string().describe('Board type, translated (for example bed and breakfast, half board, full board).'),
    extras: z.array(z.string()).describe('Extra services included, translated.'),
    partnerRate: z.boolean().describe('True when the rate is partner-specific.'),
    lowestRate: z.boolean().describe('True when it is the lowest available rate.'),
  })
  .meta({ id: 'ShopperRate', description: 'A room and rate plan for the stay, at our direct price.' });
export type ShopperRate = z.infer<typeof ShopperRate>;

export const ShopperData = z
  .object({
    currency: CurrencyCode.describe('Currency of every price in the response (ISO 4217).'),
    channels: z.array(ShopperChannel).describe('Channels with their prices.'),
    rates: z.array(ShopperRate).describe('Rates applicable to the property and the filters.'),
  })
  .meta({ id: 'ShopperData', description: 'Rates of one property for a stay, direct and per channel.' });
export type ShopperData = z.infer<typeof ShopperData>;

/** All four fields are null together when no channel sells the reference rate. */
export const ShopperSummary = z
  .object({
    directPrice: Amount.nullable().describe('Our direct price of the reference rate (the requested rateId, else the cheapest rate).'),
    cheapestChannel: ShopperChannel.nullable().describe('The channel selling the reference rate cheapest.'),
    parity: RateParity.nullable().describe('Direct price against the cheapest channel.'),
    differencePercent: z
      .number()
      .nullable()
      .describe(
        'Cheapest channel price minus direct price, in percent of the direct price: positive when booking direct ' +
          'is cheaper, negative when a channel undercuts it.',
      ),
  })
  .meta({ id: 'ShopperSummary', description: 'Rate parity of the reference rate: direct price against the cheapest channel.' });
export type ShopperSummary = z.infer<typeof ShopperSummary>;

export const ShopperMetadata = ResponseMetadata.extend({
  collectedAt: Instant.nullable().describe(
    'When the channel prices were collected; null when no collection covers the stay and occupancy: ' +
      'then `channels` is empty and the rates are direct prices only.',
  ),
}).meta({ id: 'ShopperMetadata', description: 'Context of a shopper response.' });
export type ShopperMetadata = z.infer<typeof ShopperMetadata>;

export const ShopperResponse = envelope({ data: ShopperData, summary: ShopperSummary, metadata: ShopperMetadata }).meta({
  id: 'ShopperResponse',
  description: 'Shopper rates of one property, in the response envelope.',
});
export type ShopperResponse = z.infer<typeof ShopperResponse>;
