import { readsEverything, type GrantHolder } from '@hotelapi/auth';
import type { ReadableEvents } from '@hotelapi/connectors';
import type { LoggedEvent, LoggedEventType } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import type { ApiServices } from '../context.js';

export interface EventsQuery {
  /** A `nextCursor` of an earlier page; absent, from the oldest event kept. */
  readonly after?: string;
  readonly types?: readonly LoggedEventType[];
  readonly property?: string;
  readonly limit: number;
}

export interface EventsPage {
  /** Oldest first, in the order they were committed. */
  readonly events: readonly LoggedEvent[];
  /** Where the next page starts; given even on the last page, so a reader can poll for what comes next. */
  readonly nextCursor: string;
  /** True when more events matched than this page holds. */
  readonly hasMore: boolean;
}

/**
 * The change feed, the one function behind `GET /v1/events`, the MCP `get_parity_alerts` tool
 * and the dashboard's alerts: the events the caller's grants may read, after a cursor.
 */
export async function listEvents(services: Pick<ApiServices, 'connectors'>, holder: GrantHolder, query: EventsQuery): Promise<EventsPage> {
  const log = services.connectors.events;
  const after = query.after === undefined ? 0 : sequenceOf(query.after);
  if (after > (await log.newest())) throw new ApiFailure('parameter_invalid', 'after is not a cursor this feed gave.', { param: 'after' });
  const oldest = await log.oldestKept();
  if (query.after !== undefined && oldest > 0 && after < oldest - 1) {
    throw new ApiFailure('parameter_invalid', 'after is older than the events this feed keeps: start again without it.', { param: 'after' });
  }
  const found = await log.list({ after, readable: readableBy(holder), types: query.types, property: query.property, limit: query.limit + 1 });
  const events = found.slice(0, query.limit);
  const last = events.at(-1)?.data.sequence ?? after;
  return { events, nextCursor: cursorOf(last), hasMore: found.length > query.limit };
}

/** What a holder of these grants may read of the log. */
export function readableBy(holder: GrantHolder): ReadableEvents {
  if (readsEverything(holder)) return 'all';
  const properties: string[] = [];
  const chains: string[] = [];
  for (const grant of holder.grants) {
    if (grant.kind === 'property') properties.push(grant.code);
    else if (grant.kind === 'chain') chains.push(grant.code);
  }
  return { properties, chains };
}

function cursorOf(sequence: number): string {
  return Buffer.from(`e.${sequence}`).toString('base64url');
}

function sequenceOf(cursor: string): number {
  const match = /^e\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new ApiFailure('parameter_invalid', 'after is not a cursor this feed gave.', { param: 'after' });
  return Number(match[1]);
}
