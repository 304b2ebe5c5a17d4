import type { Kysely } from 'kysely';
import type { NumberedRecord } from '../../data-format/parse-record.js';
import type { WriteReceipt, WriteRecords } from '../../ports/data-writer.js';
import { WriteConflictError } from '../../errors.js';
import { asDatabaseFailure } from '../database-failures.js';
import type { Database } from '../database.js';
import { KnownKeys } from './known-keys.js';
import { writeRecords } from './write-records.js';

/**
 * SQLSTATEs of a transaction PostgreSQL chose as the loser of a conflict with another writer:
 * nothing of it was applied, so running it again is safe.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);
/** Further runs after a conflict before the caller is told to come back (`WriteConflictError`). */
const CONFLICT_RETRIES = 2;

/**
 * Pushed records (`POST /v1/data`) into PostgreSQL: one transaction, through the loader's own
 * `writeRecords`, with the references checked against only the chains and properties the records
 * name. Batches lock rows in key order (record-writer.ts), so two pushes of the same records
 * wait for each other instead of deadlocking; a conflict PostgreSQL still reports is run again.
 */
export function pushRecords(db: Kysely<Database>): WriteRecords {
  return async (records) => {
    const scope = codesNamedBy(records);
    for (let attempt = 0; ; attempt++) {
      try {
        const receipt = await db.transaction().execute(async (trx) => writeRecords(trx, records, await KnownKeys.readFor(trx, scope)));
        return { ...receipt, durable: true } satisfies WriteReceipt;
      } catch (error) {
        if (!CONFLICT_SQLSTATES.has((error as { code?: string }).code ?? '')) throw asDatabaseFailure(error);
        if (attempt >= CONFLICT_RETRIES) throw new WriteConflictError('Another write to the same records won, more than once; nothing was applied. Send it again.', { cause: error });
      }
    }
  };
}

/** The chains and properties the records declare or refer to: all their references can point at. */
function codesNamedBy(records: readonly NumberedRecord[]): { chains: string[]; properties: string[] } {
  const chains = new Set<string>();
  const properties = new Set<string>();
  for (const { record } of records) {
    if (record.type === 'chain') chains.add(record.code);
    else if (record.type === 'property') {
      chains.add(record.chain);
      properties.add(record.code);
    } else if (record.type !== 'exchangeRate') properties.add(record.property);
  }
  return { chains: [...chains], properties: [...properties] };
}
