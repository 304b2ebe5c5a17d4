import { createHash } from 'node:crypto';
import { canReadProperty, readsEverything, type GrantHolder } from '@hotelapi/auth';
import type { ReadableEvents } from '@hotelapi/connectors';
import type { LoggedEvent, LoggedEventType } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import type { ApiServices } from '../context.js';

export interface EventsQuery {
  /** A `nextCursor` of an earlier page; absent, from the oldest event kept. */
  readonly after?: string;
  readonly types?: readonly LoggedEventType[];
  readonly property?: string;
  /** Only this chain's events (those of its properties the grants read, with a property grant only). */
  readonly chain?: string;
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
export async function listEvents(services: Pick<ApiServices, 'connectors' | 'directory'>, holder: GrantHolder, query: EventsQuery): Promise<EventsPage> {
  if (query.property !== undefined && !canReadProperty(holder, query.property, services.directory.chainOf)) {
    throw new ApiFailure('property_forbidden', `This API key may not read property ${query.property}.`, { param: 'property' });
  }
  const log = services.connectors.events;
  const after = query.after === undefined ? 0 : sequenceOf(query.after);
  const newest = await log.newest();
  // Events after the cursor were pruned (retention): reading on would skip them unseen.
  const oldest = await log.oldestKept();
  const expired = oldest === 0 ? after > 0 && (newest === 0 || after < newest) : after < oldest - 1;
  if (!expired && after > newest) throw new ApiFailure('parameter_invalid', 'after is not a cursor this feed gave.', { param: 'after' });
  if (expired) {
    throw new ApiFailure('parameter_invalid', 'after is older than the events this feed keeps (EVENTS_RETENTION_DAYS): start again without it.', { param: 'after' });
  }
  const readable = query.chain === undefined ? readableBy(holder) : readableInChain(holder, query.chain, services.directory.chainOf);
  const found = await log.list({ after, readable, types: query.types, property: query.property, limit: query.limit + 1 });
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

/**
 * A cursor is a position in the log, opaque to readers. It grants nothing (every page is read
 * under the key's grants), so a forged one can at most skip events: it is checked for its form,
 * its checksum and against the log's extent.
 */
/** What a holder may read of one chain: all of it with an `all` or chain grant, else its granted properties there. */
function readableInChain(holder: GrantHolder, chain: string, chainOf: (property: string) => string | undefined): ReadableEvents {
  const readable = readableBy(holder);
  if (readable === 'all' || readable.chains.includes(chain)) return { properties: [], chains: [chain] };
  return { properties: readable.properties.filter((property) => chainOf(property) === chain), chains: [] };
}

function cursorOf(sequence: number): string {
  return Buffer.from(`e.${sequence}.${checksumOf(sequence)}`).toString('base64url');
}

function sequenceOf(cursor: string): number {
  const match = /^e\.(\d{1,15})\.([0-9a-f]{8})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || checksumOf(Number(match[1])) !== match[2]) throw new ApiFailure('parameter_invalid', 'after is not a cursor this feed gave.', { param: 'after' });
  return Number(match[1]);
}

function checksumOf(sequence: number): string {
  return createHash('sha256').update(`hotelapi events ${sequence}`).digest('hex').slice(0, 8);
}
