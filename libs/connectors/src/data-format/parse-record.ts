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
  if (r['type'] === 'ari') {
    const stopSell = r['stopSell'];
    return fields === 7 && isCode(r['property']) && isCode(r['room']) && isDate(r['date']) && isFactor(r['priceFactor']) && isCount(r['roomsLeft']) &&
      Array.isArray(stopSell) && stopSell.every(isCode)
      ? (json as DataRecord)
      : undefined;
  }
  if (r['type'] === 'night') {
    return fields === 5 && isCode(r['property']) && isDate(r['date']) && isFactor(r['demandFactor']) && isCount(r['minStay']) && (r['minStay'] as number) >= 1
      ? (json as DataRecord)
      : undefined;
  }
  return undefined;
}
