import { createHash } from 'node:crypto';
import { canReadChain, canReadProperty, hasScope, readsEverything, type ApiKeyPrincipal, type ChainOfProperty, type GrantHolder } from '@hotelapi/auth';
import {
  checkRecord,
  IdempotencyConflictError,
  parseRecordLine,
  RecordError,
  WriteConflictError,
  type IdempotentWrite,
  type NumberedRecord,
  type WriteOutcome,
  yieldWhenSliceSpent,
} from '@hotelapi/connectors';
import type { DataRecord, DataRecordType } from '@hotelapi/domain';
import { ApiFailure } from '../failures/api-failure.js';
import type { ApiServices } from './context.js';

/**
 * A push as it arrived: JSON Lines as their UTF-8 bytes (which move to the push thread without a
 * copy), or the `records` array of a JSON body.
 */
export type PushedBody = { readonly utf8: Uint8Array } | { readonly records: readonly unknown[] };

export interface DataPush {
  readonly body: PushedBody;
  /** The raw body, for the Idempotency-Key's "same body" check. */
  readonly bytes: string | Uint8Array;
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
 *
 * With PostgreSQL all of it runs on the push thread (`writer`, admission/write-worker.ts), so a
 * push never holds the event loop the reads are served on; the key's grants are judged there, in
 * the push's transaction, on the chains the database holds for the properties named.
 */
export async function pushData(
  services: Pick<ApiServices, 'connectors' | 'directory'>,
  principal: ApiKeyPrincipal,
  push: DataPush,
  maxRecords: number,
  writer?: PushWriter,
): Promise<WriteOutcome> {
  if (!hasScope(principal, 'write')) {
    throw new ApiFailure('write_scope_required', 'This API key may only read; pushing data needs a key with the write scope.');
  }
  const idempotency = push.idempotencyKey === undefined ? undefined : { scope: principal.keyId, key: push.idempotencyKey, fingerprint: fingerprintOf(push.bytes) };
  const holder: GrantHolder = { grants: principal.grants };
  const { outcome, properties } = writer ? await writer.push(push.body, maxRecords, holder, idempotency) : await pushInProcess(services, push.body, maxRecords, holder, idempotency);
  // Answered once this instance serves it (other instances within a second): the push waits for
  // that catch-up, not the reads after it.
  await services.connectors.catchUp?.({ dataVersion: outcome.receipt.dataVersion, properties });
  // New properties and chains are granted and found from the pusher's next request on (other
  // instances follow the write's `data.loaded` event).
  if (addsToDirectory(outcome.receipt.counts)) await services.directory.refresh();
  return outcome;
}

/**
 * Pushes through the data store's own `writeRecords`, on this thread (the sandbox's memory),
 * the grants judged on the property directory's chains; parsing gives the event loop back
 * between time slices.
 */
async function pushInProcess(
  services: Pick<ApiServices, 'connectors' | 'directory'>,
  body: PushedBody,
  maxRecords: number,
  holder: GrantHolder,
  idempotency: IdempotentWrite | undefined,
): Promise<PushWritten> {
  const records = await readRecords(body, maxRecords, yieldWhenSliceSpent);
  const names = namesOf(records);
  refuseUngranted(holder, names, services.directory.chainOf);
  const write = services.connectors.writeRecords;
  if (!write) throw new ApiFailure('record_invalid', 'This data store takes no pushes.');
  try {
    return { outcome: await write(records, idempotency), properties: propertiesOf(names) };
  } catch (error) {
    throw asPushFailure(error) ?? error;
  }
}

/** Where a push is parsed, checked and written off the event loop (admission/write-worker.ts). */
export interface PushWriter {
  /** Parses and checks `body`, refuses records outside `holder`'s grants, then writes. */
  push(body: PushedBody, maxRecords: number, holder: GrantHolder, idempotency: IdempotentWrite | undefined): Promise<PushWritten>;
}

/** A push written: its outcome, and the properties its records name (whose kept ARI the write may have changed). */
export interface PushWritten {
  readonly outcome: WriteOutcome;
  readonly properties: readonly string[];
}

/**
 * What a push's records name, for the key's grants: each chain, property and the exchange rates
 * once, at the first line naming it; and the chain each property record declares.
 */
export interface PushedNames {
  readonly declared: readonly (readonly [property: string, chain: string])[];
  readonly named: readonly { readonly line: number; readonly kind: 'chain' | 'property' | 'exchangeRate'; readonly code: string }[];
}

export function namesOf(records: readonly NumberedRecord[]): PushedNames {
  const declared = new Map<string, string>();
  const named = new Map<string, PushedNames['named'][number]>();
  const name = (line: number, kind: PushedNames['named'][number]['kind'], code: string) => {
    const key = `${kind} ${code}`;
    if (!named.has(key)) named.set(key, { line, kind, code });
  };
  for (const { line, record } of records) {
    if (record.type === 'property') declared.set(record.code, record.chain);
    if (record.type === 'chain') name(line, 'chain', record.code);
    else if (record.type === 'exchangeRate') name(line, 'exchangeRate', '');
    else name(line, 'property', record.type === 'property' ? record.code : record.property);
  }
  return { declared: [...declared], named: [...named.values()] };
}

/** The properties a push's records name. */
export function propertiesOf({ named }: PushedNames): string[] {
  return named.flatMap(({ kind, code }) => (kind === 'property' ? [code] : []));
}

/** Whether a write's counts hold properties or chains, which the property directory must learn. */
export function addsToDirectory(counts: Readonly<Partial<Record<DataRecordType, number>>>): boolean {
  return (counts.property ?? 0) > 0 || (counts.chain ?? 0) > 0;
}

/**
 * The records of the body, each with its line (JSON Lines) or position from 1 (a JSON array),
 * checked against the record schemas; an ApiFailure naming the first bad line otherwise. On the
 * event loop, `pause` gives it back every few milliseconds, so reads served meanwhile are not held
 * up behind a big push.
 */
export async function readRecords(body: PushedBody, maxRecords: number, pause: () => Promise<void> | undefined = () => undefined): Promise<NumberedRecord[]> {
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
  if ('records' in body) {
    for (const [index, value] of body.records.entries()) {
      add(() => checkRecord(value, index + 1), index + 1);
      const paused = pause();
      if (paused) await paused;
    }
  } else {
    let line = 0;
    for (const text of textOf(body.utf8).split('\n')) {
      line++;
      if (text.trim() !== '') add(() => parseRecordLine(text, line), line);
      // Only a pause that gives the event loop back costs a turn of it.
      const paused = pause();
      if (paused) await paused;
    }
  }
  if (records.length === 0) throw new ApiFailure('body_invalid', 'The push holds no records: send one record per line (or `{ "records": [...] }`).');
  return records;
}

/** JSON Lines' bytes as text, decoded as the body parser would have (invalid UTF-8 becomes U+FFFD, a BOM stays). */
function textOf(utf8: Uint8Array): string {
  return Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString('utf8');
}

/**
 * Every record must lie within the key's grants: a property's records within a grant for it or
 * its chain (as the push declares it, and as the catalog has it when it already exists), a
 * chain's within a grant for the chain, exchange rates (shared by every chain) with `all` only.
 */
export function refuseUngranted(holder: GrantHolder, { declared, named }: PushedNames, chainOf: ChainOfProperty): void {
  const declaredChain = new Map(declared);
  const mayWriteProperty = (code: string) => {
    const chains = [declaredChain.get(code), chainOf(code)].filter((chain): chain is string => chain !== undefined);
    return chains.length === 0 ? canReadProperty(holder, code, () => undefined) : chains.every((chain) => canReadProperty(holder, code, () => chain));
  };
  for (const { line, kind, code } of [...named].sort((a, b) => a.line - b.line)) {
    const allowed = kind === 'chain' ? canReadChain(holder, code) : kind === 'exchangeRate' ? readsEverything(holder) : mayWriteProperty(code);
    if (!allowed) {
      const what = kind === 'chain' ? `chain ${code}` : kind === 'exchangeRate' ? 'exchange rates (they need an `all` grant)' : `property ${code}`;
      throw new ApiFailure('record_forbidden', `Line ${line}: this API key may not write ${what}. Nothing was applied.`, { param: `line ${line}` });
    }
  }
}

/** A store's refusal of a push, in the words and codes the API answers with. */
export function asPushFailure(error: unknown): ApiFailure | undefined {
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
function fingerprintOf(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url');
}
