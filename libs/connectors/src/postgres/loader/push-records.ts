import { sql, type Kysely, type Transaction } from 'kysely';
import type { NumberedRecord } from '../../data-format/parse-record.js';
import { IdempotencyConflictError, WriteConflictError } from '../../errors.js';
import { IDEMPOTENCY_RETENTION_MS, type IdempotentWrite, type WriteOutcome, type WriteReceipt } from '../../ports/data-writer.js';
import { asDatabaseFailure } from '../database-failures.js';
import type { Database } from '../database.js';
import { KnownKeys, type KeyScope } from './known-keys.js';
import { writeRecords } from './write-records.js';
import { isWriteConflict, retryingConflicts } from './write-conflicts.js';
import { WriteTurns } from './write-turns.js';

export interface PushOptions {
  /** How long an Idempotency-Key is remembered. */
  readonly idempotencyRetentionMs: number;
  /** Pushes this process writes at once (the others wait their turn). */
  readonly concurrentWrites: number;
}

const CONCURRENT_WRITES = 2;

/**
 * Pushed records (`POST /v1/data`) into PostgreSQL: one transaction, through the loader's own
 * `writeRecords`, with the references checked against only the chains and properties the records
 * name. Batches lock rows in key order (record-writer.ts), so two pushes of the same records
 * wait for each other instead of deadlocking; a conflict PostgreSQL still reports is run again.
 *
 * An Idempotency-Key is held by a transaction-scoped advisory lock while its push runs (a second
 * request with it is told so at once) and remembered in the same transaction as the records: if
 * the instance dies mid-push, the lock and everything else go with the connection, and the same
 * request sent again simply runs.
 */
export function pushRecords(
  db: Kysely<Database>,
  { idempotencyRetentionMs = IDEMPOTENCY_RETENTION_MS, concurrentWrites = CONCURRENT_WRITES }: Partial<PushOptions> = {},
): PushRecords {
  const turns = new WriteTurns(concurrentWrites);
  return (records, idempotency, mayWrite) => turns.take(() => pushOnce(db, records, idempotency, mayWrite, idempotencyRetentionMs));
}

/**
 * `WriteRecords`, and before anything is written `mayWrite` is asked (with the chains of the
 * properties the records name, read in the push's own transaction), and throws to refuse the
 * push: the caller's grants are judged on what the write will see.
 */
export type PushRecords = (records: readonly NumberedRecord[], idempotency?: IdempotentWrite, mayWrite?: MayWrite) => Promise<WriteOutcome>;

/** Asked with each named property's chain as the database has it (`undefined` for one it does not hold); throws to refuse. */
export type MayWrite = (chainOf: (property: string) => string | undefined) => void;

async function pushOnce(
  db: Kysely<Database>,
  records: readonly NumberedRecord[],
  idempotency: IdempotentWrite | undefined,
  mayWrite: MayWrite | undefined,
  idempotencyRetentionMs: number,
): Promise<WriteOutcome> {
  const scope = codesNamedBy(records);
  try {
    return await retryingConflicts(() =>
      db.transaction().execute(async (trx) => {
        const known = await KnownKeys.readFor(trx, scope);
        mayWrite?.((property) => known.chainOf(property) || undefined);
        if (idempotency) {
          const replay = await rememberedPush(trx, idempotency, idempotencyRetentionMs);
          if (replay) return { receipt: replay, replayed: true };
        }
        const receipt: WriteReceipt = { ...(await writeRecords(trx, [records], known, 'push')), durable: true };
        if (idempotency) {
          await trx
            .insertInto('pushed_writes')
            .values({ scope: idempotency.scope, idempotency_key: idempotency.key, fingerprint: idempotency.fingerprint, receipt: JSON.stringify(receipt) })
            .execute();
        }
        return { receipt, replayed: false };
      }),
    );
  } catch (error) {
    if (isWriteConflict(error)) throw new WriteConflictError('Another write to the same records won, more than once; nothing was applied. Send it again.', { cause: error });
    throw asDatabaseFailure(error);
  }
}

/**
 * Takes the key's lock for this transaction and returns the receipt of the push it names, if one
 * committed within the retention; throws when the key is busy or was used for another body.
 */
async function rememberedPush(trx: Transaction<Database>, { scope, key, fingerprint }: IdempotentWrite, retentionMs: number): Promise<WriteReceipt | undefined> {
  const locked = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${`${scope} ${key}`}, 0)) as locked`.execute(trx);
  if (!locked.rows[0]?.locked) throw new IdempotencyConflictError('in_progress');
  // This key's expired row, and a few others', so the table holds about one retention's pushes.
  await sql`
    delete from pushed_writes where ctid in (
      select ctid from pushed_writes
      where created_at < now() - make_interval(secs => ${retentionMs / 1000}) and (scope, idempotency_key) = (${scope}, ${key})
      union all
      (select ctid from pushed_writes where created_at < now() - make_interval(secs => ${retentionMs / 1000}) limit 100))`.execute(trx);
  const row = await trx.selectFrom('pushed_writes').select(['fingerprint', 'receipt']).where('scope', '=', scope).where('idempotency_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  if (row.fingerprint !== fingerprint) throw new IdempotencyConflictError('different_body');
  return row.receipt as WriteReceipt;
}

/** The chains and properties the records declare or refer to, and the kinds of keys they can name. */
function codesNamedBy(records: readonly NumberedRecord[]): KeyScope {
  const chains = new Set<string>();
  const properties = new Set<string>();
  let ratePlans = false;
  let reviewSources = false;
  // The rooms named, so a push of a chain's calendar reads those rooms' keys, not every room of the chain.
  const rooms = new Map<string, { property: string; code: string }>();
  const namesRoom = (property: string, code: string) => rooms.set(`${property}\u0000${code}`, { property, code });
  for (const { record } of records) {
    if (record.type === 'ari') namesRoom(record.property, record.room);
    else if (record.type === 'channelShop') for (const price of record.prices) namesRoom(record.property, price.room);
    if (record.type === 'chain') chains.add(record.code);
    else if (record.type === 'property') {
      chains.add(record.chain);
      properties.add(record.code);
    } else if (record.type !== 'exchangeRate') properties.add(record.property);
    ratePlans ||= record.type === 'channelShop' || (record.type === 'ari' && record.stopSell.length > 0);
    reviewSources ||= record.type === 'review';
  }
  const named = [...rooms.values()];
  return { chains: [...chains], properties: [...properties], ratePlans, reviewSources, rooms: { properties: named.map((room) => room.property), codes: named.map((room) => room.code) } };
}
