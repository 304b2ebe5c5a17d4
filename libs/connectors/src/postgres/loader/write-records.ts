import { sql, type Kysely } from 'kysely';
import type { NumberedRecord } from '../../data-format/parse-record.js';
import { RecordError } from '../../data-format/record-error.js';
import type { DataRecordType } from '@hotelapi/domain';
import { WriteChanges } from '../../events/change-rules.js';
import type { Database } from '../database.js';
import { appendLockedEvents, takeAppendLock } from '../events/append-events.js';
import { ChangesSetAside } from '../events/changes-set-aside.js';
import { parityWorkInserts } from '../events/postgres-parity-ledger.js';
import type { KnownKeys } from './known-keys.js';
import { RecordWriter } from './record-writer.js';

/** What one write committed: records per type, and the data version serving instances will read. */
export interface WriteReceipt {
  readonly counts: Readonly<Partial<Record<DataRecordType, number>>>;
  readonly dataVersion: number;
}

/**
 * Records every request reads afresh from their tables (postgres-connectors.ts): writing only
 * these leaves what instances keep per data version as it was, so the version stays.
 */
const READ_PER_REQUEST: ReadonlySet<DataRecordType> = new Set(['night', 'ari', 'channelShop']);

/**
 * The one writing path of hotel data, for files (`npm run data:load`) and pushes (`POST
 * /v1/data`) alike. Records come in pieces (a file's as it is read, a push's as one), so waiting
 * costs a promise a piece, not a record. Run inside the caller's transaction: each record's
 * references are checked against `known` (what the database held plus what earlier records declared), a record that
 * names something unknown throws a RecordError and the caller's transaction rolls everything
 * back. Records are upserted on their natural keys in batches. Committing a catalog, review or
 * exchange-rate record bumps the data version, which tells every serving process to read what it
 * keeps again; calendars and channel collections are read by each request, so pushing them (many
 * times an hour) drops no instance's caches and queues no commit behind the version's row.
 * What the write changed is appended to the event log, and what parity must look at again
 * recorded, in the same transaction (the outbox): a rolled-back write tells nothing.
 */
export async function writeRecords(
  trx: Kysely<Database>,
  pieces: AsyncIterable<Iterable<NumberedRecord>> | Iterable<Iterable<NumberedRecord>>,
  known: KnownKeys,
  source: 'push' | 'load',
): Promise<WriteReceipt> {
  const changes = new WriteChanges(source);
  // A file's calendar changes grow with it: set aside in PostgreSQL batch by batch. A push's
  // records are all in memory anyway, and theirs are kept beside them.
  const aside = source === 'load' ? new ChangesSetAside(trx) : undefined;
  const writer = new RecordWriter(trx, changes, aside);
  const counts: Partial<Record<DataRecordType, number>> = {};
  let kept = false;
  try {
    for await (const piece of pieces) {
      for (const { line, record } of piece) {
        const missing = known.missing(record);
        if (missing) throw new RecordError(line, missing.field, missing.why);
        known.add(record);
        changes.record(record);
        const batchFull = writer.add(record);
        if (batchFull) await batchFull;
        counts[record.type] = (counts[record.type] ?? 0) + 1;
        kept ||= !READ_PER_REQUEST.has(record.type);
      }
    }
    await writer.flush();
  } finally {
    await writer.settle();
  }
  // Last, so the row lock that orders concurrent writes is held only while committing. One
  // statement takes it, records the parity work and takes the events' append lock; the next
  // appends the events: their lock orders appends by commit, and is held only until this commit.
  if (aside?.kept) await aside.checkChangedNights(changes);
  const checks = parityWorkInserts(changes.parityChecks());
  const { rows } = await sql<{ version: string }>`
    with version as (${kept ? sql`update hotel_data_version set version = version + 1 returning version` : sql`select version from hotel_data_version`})
    ${checks ?? sql``}
    select version, ${takeAppendLock} from version`.execute(trx);
  const dataVersion = Number(rows[0]?.version);
  // Every property the write named is known by now, with its chain: the write checked each reference.
  const chainOf = (property: string) => known.chainOf(property);
  await appendLockedEvents(trx, aside?.kept ? aside.events(changes, chainOf, dataVersion) : [changes.eachEvent(chainOf, dataVersion)]);
  return { counts, dataVersion };
}
