/**
 * The change feed, `GET /v1/events`: the events a key's grants may read, oldest first, after a
 * cursor. `data` is the page's events; `metadata` says where the next page starts.
 */

import { z } from 'zod';
import { ResponseMetadata, envelope } from './envelope.js';
import { EventType, HotelEvent } from './events.js';
import { PropertyCode } from './property.js';
import { QueryInteger, QueryList } from './query-string.js';

/** Most events one page holds. Over it is refused, not clamped. */
export const MAX_EVENTS_PAGE = 500;

/** A type of event the change feed holds: every type but `webhook.test`. Inline in the query's schema, as every query enum is. */
export const FeedEventType = EventType.exclude(['webhook.test']);

export const EventsLimit = z
  .int()
  .min(1, 'must be at least 1')
  .max(MAX_EVENTS_PAGE, `must be at most ${MAX_EVENTS_PAGE}`)
  .describe(`Most events on the page, 1 to ${MAX_EVENTS_PAGE}.`);

export const EventsQuery = z.object({
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a cursor this feed gave (`metadata.nextCursor`)')
    .optional()
    .describe('The `metadata.nextCursor` of an earlier page; omitted, from the oldest event kept.'),
  types: QueryList(FeedEventType).optional().describe('Only these types, comma-separated; omitted, every type.'),
  property: PropertyCode.optional().describe('Only this property’s events; it must be within the key’s grants.'),
  limit: QueryInteger(EventsLimit).prefault(100),
});
export type EventsQuery = z.infer<typeof EventsQuery>;
export type EventsQueryInput = z.input<typeof EventsQuery>;

export const EventsMetadata = ResponseMetadata.extend({
  nextCursor: z.string().describe('Where the next page starts: given on the last page too, so a reader polls with it for what comes next.'),
  hasMore: z.boolean().describe('True when more events matched than this page holds: ask again with `nextCursor` at once.'),
}).meta({ id: 'EventsMetadata', description: 'Context of a page of the change feed.' });

export const EventsResponse = envelope({ data: z.array(HotelEvent).describe('Oldest first, in the order they were committed (`data.sequence`).'), metadata: EventsMetadata }).meta({
  id: 'EventsResponse',
  description: 'A page of the change feed, in the response envelope.',
});
export type EventsResponse = z.infer<typeof EventsResponse>;
