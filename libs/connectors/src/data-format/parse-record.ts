import { DataRecord } from '@hotelapi/domain';
import { regexes } from 'zod/v4/core';
import { RecordError } from './record-error.js';

/** One line of a data file or push, parsed and checked against its schema; a RecordError otherwise. */
export function parseRecordLine(text: string, line: number): DataRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RecordError(line, '(line)', `not JSON: ${(error as Error).message}`);
  }
  return checkRecord(json, line);
}

/** A value (already JSON) checked against the record schemas. */
export function checkRecord(json: unknown, line: number): DataRecord {
  const calendar = calendarRecord(json);
  if (calendar) return calendar;
  const parsed = DataRecord.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new RecordError(line, issue?.path.join('.') || '(record)', issue?.message ?? 'not a data record');
}

/** A record and the line it came from, so a later refusal (a missing parent) can name it. */
export interface NumberedRecord {
  readonly line: number;
  readonly record: DataRecord;
}

// The schema's own rules (data-records.ts), for the records checked by hand below.
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const isCode = (value: unknown): value is string => typeof value === 'string' && CODE.test(value);
const isDate = (value: unknown): value is string => typeof value === 'string' && regexes.date.test(value);
const isFactor = (value: unknown): value is number => typeof value === 'number' && value > 0 && Number.isFinite(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * A room night or night (a file's millions of lines) that passes the schema, checked by hand: the
 * schema's walk and the copy it makes cost more than the rest of a line's work. Anything this does
 * not accept is left to the schema, which accepts it or names the field it refuses, as ever.
 */
function calendarRecord(json: unknown): DataRecord | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const r = json as Record<string, unknown>;
  let fields = 0;
  for (const _ in r) fields++;
  const { property, date } = r;
  if (r['type'] === 'ari') {
    const { room, priceFactor, roomsLeft, stopSell } = r;
    if (fields !== 7 || !isCode(property) || !isCode(room) || !isDate(date) || !isFactor(priceFactor) || !isCount(roomsLeft)) return undefined;
    if (!Array.isArray(stopSell) || !stopSell.every(isCode)) return undefined;
    return { type: 'ari', property: kept(property, Field.Property), room: kept(room, Field.Room), date: kept(date, Field.Date), priceFactor, roomsLeft, stopSell: stopSell.length === 0 ? NONE : stopSell };
  }
  if (r['type'] === 'night') {
    const { demandFactor, minStay } = r;
    if (fields !== 5 || !isCode(property) || !isDate(date) || !isFactor(demandFactor) || !isCount(minStay) || minStay < 1) return undefined;
    return { type: 'night', property: kept(property, Field.Property), date: kept(date, Field.Date), demandFactor, minStay };
  }
  return undefined;
}

/**
 * A record waits in its batch until written, long enough for V8 to move it to the old
 * generation: its codes and dates are shared (a file names a few thousand codes and dates,
 * millions of times), so only the record itself is kept, not three strings and an array besides.
 */
function kept(text: string, field: Field): string {
  // Most often the same as the record before's (a property's run, a night's rooms): no lookup.
  const last = LAST[field] as string;
  if (text === last) return last;
  let shared = KEPT.get(text);
  if (shared === undefined) {
    if (KEPT.size >= KEPT_AT_MOST) KEPT.clear();
    KEPT.set(text, (shared = text));
  }
  LAST[field] = shared;
  return shared;
}
const enum Field {
  Property,
  Room,
  Date,
}
const LAST = ['', '', ''];
const KEPT = new Map<string, string>();
const KEPT_AT_MOST = 100_000;
const NONE = Object.freeze([]) as unknown as string[];
