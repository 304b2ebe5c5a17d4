/**
 * Events: what changed, told to those who may read it, the same through the change feed
 * (`GET /v1/events`) and signed webhooks. An event's body is `{ type, timestamp, data }` (the
 * Standard Webhooks shape) plus its stable `id`; `data` names the chain and property, and every
 * event of a property carries a `sequence` that orders it among that property's events.
 */

import { z } from 'zod';
import { ChannelType, ParityStatus } from '../enums.js';
import { Amount, CalendarDate, CurrencyCode, Instant } from './common.js';
import { DataRecordTypes } from './data-records.js';
import { TolerancePercent } from './parity.js';
import { ChainCode, PropertyCode } from './property.js';

export const EventType = z
  .enum(['parity.breach', 'parity.restored', 'rates.changed', 'availability.changed', 'data.loaded', 'webhook.test'])
  .meta({ id: 'EventType', description: 'What an event tells.' });
export type EventType = z.infer<typeof EventType>;

export const EventId = z
  .string()
  .regex(/^evt_[A-Za-z0-9]{10,40}$/, 'an event id: "evt_" and 10 to 40 letters or digits')
  .describe('Unique and stable: a webhook’s `webhook-id`, the same in the change feed and on every retry.');
export type EventId = z.infer<typeof EventId>;

const Sequence = z
  .int()
  .positive()
  .describe('Order of the event among all events (so among its property’s): order by it, deliveries may arrive out of order.');

/** Where an event happened: every event names its chain, and its property when it has one. */
const Place = {
  chain: ChainCode,
  property: PropertyCode.nullable().describe('The property; null for an event of a whole chain (a load).'),
  sequence: Sequence,
};

/** One occupancy's stay, as the rate shopper collects it. */
const ShoppedStay = {
  arrival: CalendarDate.describe('Arrival date of the stay.'),
  nights: z.int().min(1),
  adults: z.int().min(1),
  children: z.int().min(0),
};

const ParityChange = z.object({
  ...Place,
  ...ShoppedStay,
  channel: ChannelType,
  roomId: z.string().describe('The room of the lowest direct rate, compared with the channel’s price of it.'),
  rateId: z.string().describe('The rate plan of the lowest direct rate.'),
  currency: CurrencyCode.describe('Currency of both prices (the property’s).'),
  direct: Amount.describe('Our lowest direct price of the stay.'),
  channelPrice: Amount.describe('The channel’s price of the same room, rate and stay.'),
  undercutPercent: z.number().describe('Direct minus channel price, in percent of the direct price (negative: the channel is dearer).'),
  tolerance: TolerancePercent,
  status: ParityStatus.describe('LOSE for a breach; MEET or WIN when restored.'),
  collectedAt: Instant.describe('When the channel price was collected.'),
});

const DateRange = z.object({ from: CalendarDate, to: CalendarDate.describe('Included.') });

export const ParityBreachData = ParityChange.meta({ id: 'ParityBreachData', description: 'A channel undercuts the direct price by more than the tolerance (LOSE).' });
export const ParityRestoredData = ParityChange.meta({ id: 'ParityRestoredData', description: 'A channel that undercut the direct price no longer does (MEET or WIN).' });

export const RatesChangedData = z
  .object({
    ...Place,
    ranges: z.array(DateRange).min(1).describe('Arrival dates whose direct prices changed, as ranges.'),
    rooms: z.array(z.string()).describe('Rooms whose prices changed.'),
  })
  .meta({ id: 'RatesChangedData', description: 'A property’s direct prices changed for arrival dates.' });

export const AvailabilityChange = z.object({
  ...DateRange.shape,
  room: z.string(),
  ratePlan: z.string().nullable().describe('The rate plan opened or closed; null when the room as a whole changed.'),
  state: z.enum(['open', 'closed', 'soldOut']).describe('What it is now.'),
});

export const AvailabilityChangedData = z
  .object({ ...Place, changes: z.array(AvailabilityChange).min(1) })
  .meta({ id: 'AvailabilityChangedData', description: 'Rooms or rate plans opened, closed or sold out for dates.' });

export const DataLoadedData = z
  .object({
    ...Place,
    source: z.enum(['push', 'load']).describe('`POST /v1/data` or `npm run data:load`.'),
    counts: z.partialRecord(DataRecordTypes, z.int().nonnegative()).describe('Records applied, per type.'),
    dataVersion: z.int().nonnegative().describe('The data version that serves them.'),
  })
  .meta({ id: 'DataLoadedData', description: 'A load or push finished.' });

export const WebhookTestData = z
  .object({ webhookId: z.string(), message: z.string() })
  .meta({ id: 'WebhookTestData', description: 'Sent by `POST /v1/webhooks/{id}/test`; never in the change feed.' });

const eventOf = <T extends EventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: EventId, type: z.literal(type), timestamp: Instant.describe('When it happened.'), data });

export const HotelEvent = z
  .discriminatedUnion('type', [
    eventOf('parity.breach', ParityBreachData),
    eventOf('parity.restored', ParityRestoredData),
    eventOf('rates.changed', RatesChangedData),
    eventOf('availability.changed', AvailabilityChangedData),
    eventOf('data.loaded', DataLoadedData),
    eventOf('webhook.test', WebhookTestData),
  ])
  .meta({ id: 'HotelEvent', description: 'An event, as the change feed lists it and a webhook delivers it.' });
export type HotelEvent = z.infer<typeof HotelEvent>;
export type EventOf<T extends EventType> = Extract<HotelEvent, { type: T }>;
/** The events the change feed and the event log hold: every type but the per-subscription test. */
export type LoggedEvent = Exclude<HotelEvent, { type: 'webhook.test' }>;
export type LoggedEventType = LoggedEvent['type'];
