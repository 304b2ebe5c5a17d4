import { createHash } from 'node:crypto';
import { canReadChain, canReadProperty, hasScope, readsEverything, type ApiKeyPrincipal } from '@hotelapi/auth';
import {
  checkRecord,
  IdempotencyConflictError,
  parseRecordLine,
  RecordError,
  WriteConflictError,
  type NumberedRecord,
  type WriteOutcome,
} from '@hotelapi/connectors';
import type { DataRecord, DataRecordType } from '@hotelapi/domain';
import { ApiFailure } from '../failures/api-failure.js';
import { yieldWhenSliceSpent } from './admission/time-slices.js';
import type { ApiServices } from './context.js';

/** A push as it arrived: JSON Lines text, or the `records` array of a JSON body. */
export type PushedBody = { readonly lines: string } | { readonly records: readonly unknown[] };

export interface DataPush {
  readonly body: PushedBody;
  /** The raw body, for the Idempotency-Key's "same body" check. */
  readonly bytes: string;
  readonly idempotencyKey: string | undefined;
}

/** How long a conflicting writer should wait before sending its push again, in seconds. */
const WRITE_CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * `POST /v1/data`: a chain's records, written all or nothing by the same writer as
 * `npm run data:load`. In order, so nothing is written unless all of it may be: the key's write
 * scope, every line parsed and checked against its schema, every record within the key's grants;
 * then the store checks references and writes in one transaction (PostgreSQL) or in memory (the
 * sandbox), remembering the Idempotency-Key with the write.
 */
export async function pushData(services: Pick<ApiServices, 'connectors' | 'directory'>, principal: ApiKeyPrincipal, push: DataPush, maxRecords: number): Promise<WriteOutcome> {
  if (!hasScope(principal, 'write')) {
    throw new ApiFailure('write_scope_required', 'This API key may only read; pushing data needs a key with the write scope.');
  }
  const records = await asRecords(push.body, maxRecords);
  if (records.length === 0) throw new ApiFailure('body_invalid', 'The push holds no records: send one record per line (or `{ "records": [...] }`).');
  refuseUngranted(principal, records, services.directory.chainOf);
  const write = services.connectors.writeRecords;
  if (!write) throw new ApiFailure('record_invalid', 'This data store takes no pushes.');
  const idempotency = push.idempotencyKey === undefined ? undefined : { scope: principal.keyId, key: push.idempotencyKey, fingerprint: fingerprintOf(push.bytes) };
  let outcome: WriteOutcome;
  try {
    outcome = await write(records, idempotency);
  } catch (error) {
    throw asPushFailure(error) ?? error;
  }
  // New properties and chains are granted and found from the pusher's next request on (other
  // instances follow the write's `data.loaded` event).
  if (addsToDirectory(outcome.receipt.counts)) await services.directory.refresh();
  return outcome;
}

/** Whether a write's counts hold properties or chains, which the property directory must learn. */
export function addsToDirectory(counts: Readonly<Partial<Record<DataRecordType, number>>>): boolean {
  return (counts.property ?? 0) > 0 || (counts.chain ?? 0) > 0;
}

/**
 * The records of the body, each with its line (JSON Lines) or position from 1 (a JSON array).
 * Parsed and checked in time slices: a big push gives the event loop back every few
 * milliseconds, so the reads served meanwhile are not held up behind it.
 */
async function asRecords(body: PushedBody, maxRecords: number): Promise<NumberedRecord[]> {
  const records: NumberedRecord[] = [];
  const add = (record: () => DataRecord, line: number) => {
    if (records.length >= maxRecords) {
      throw new ApiFailure('too_many_records', `A push may hold at most ${maxRecords} records; split it into several.`);
    }
    try {
      records.push({ line, record: record() });
    } catch (error) {
      throw asPushFailure(error) ?? error;
    }
  };
  if ('lines' in body) {
    let line = 0;
    for (const text of body.lines.split('\n')) {
      line++;
      if (text.trim() !== '') add(() => parseRecordLine(text, line), line);
      await yieldWhenSliceSpent();
    }
  } else {
    for (const [index, value] of body.records.entries()) {
      add(() => checkRecord(value, index + 1), index + 1);
      await yieldWhenSliceSpent();
    }
  }
  return records;
}

/**
 * Every record must lie within the key's grants: a property's records within a grant for it or
 * its chain (as the push declares it, and as the catalog has it when it already exists), a
 * chain's within a grant for the chain, exchange rates (shared by every chain) with `all` only.
 */
function refuseUngranted(principal: ApiKeyPrincipal, records: readonly NumberedRecord[], chainOf: (propertyCode: string) => string | undefined): void {
  const declared = new Map<string, string>();
  for (const { record } of records) if (record.type === 'property') declared.set(record.code, record.chain);
  const mayWriteProperty = (code: string) => {
    const chains = [declared.get(code), chainOf(code)].filter((chain): chain is string => chain !== undefined);
    return chains.length === 0 ? canReadProperty(principal, code, () => undefined) : chains.every((chain) => canReadProperty(principal, code, () => chain));
  };
  for (const { line, record } of records) {
    const allowed =
      record.type === 'chain'
        ? canReadChain(principal, record.code)
        : record.type === 'exchangeRate'
          ? readsEverything(principal)
          : mayWriteProperty(record.type === 'property' ? record.code : record.property);
    if (!allowed) {
      const what = record.type === 'chain' ? `chain ${record.code}` : record.type === 'exchangeRate' ? 'exchange rates (they need an `all` grant)' : `property ${record.type === 'property' ? record.code : record.property}`;
      throw new ApiFailure('record_forbidden', `Line ${line}: this API key may not write ${what}. Nothing was applied.`, { param: `line ${line}` });
    }
  }
}

/** A store's refusal of a push, in the words and codes the API answers with. */
function asPushFailure(error: unknown): ApiFailure | undefined {
  if (error instanceof RecordError) {
    return new ApiFailure('record_invalid', `Line ${error.line}: ${error.field}: ${error.why}. Nothing was applied.`, { param: `line ${error.line}: ${error.field}` });
  }
  if (error instanceof IdempotencyConflictError) return new ApiFailure('idempotency_conflict', error.message, { param: 'Idempotency-Key' });
  if (error instanceof WriteConflictError) {
    return new ApiFailure('write_conflict', error.message, { headers: { 'retry-after': String(WRITE_CONFLICT_RETRY_AFTER_SECONDS) } });
  }
  return undefined;
}

/** "The same body": byte for byte, by its SHA-256. */
function fingerprintOf(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}
