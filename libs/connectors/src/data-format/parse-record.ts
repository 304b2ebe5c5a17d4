import { DataRecord } from '@hotelapi/domain';
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
  const parsed = DataRecord.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RecordError(line, issue?.path.join('.') || '(record)', issue?.message ?? 'not a data record');
  }
  const record = parsed.data;
  if (record.type === 'ari') {
    record.property = shared(record.property, Field.Property);
    record.room = shared(record.room, Field.Room);
    record.date = shared(record.date, Field.Date);
    if (record.stopSell.length === 0) record.stopSell = NONE;
  } else if (record.type === 'night') {
    record.property = shared(record.property, Field.Property);
    record.date = shared(record.date, Field.Date);
  }
  return record;
}

/** A record and the line it came from, so a later refusal (a missing parent) can name it. */
export interface NumberedRecord {
  readonly line: number;
  readonly record: DataRecord;
}

/**
 * A room night or night (a file's millions of lines) waits in its batch until written, long
 * enough for V8 to move it to the old generation: its codes and dates are shared (a file names a
 * few thousand codes and dates, millions of times), so only the record itself is kept, not three
 * strings and an array besides.
 */
function shared(text: string, field: Field): string {
  // Most often the same as the record before's (a property's run, a night's rooms): no lookup.
  const last = LAST[field] as string;
  if (text === last) return last;
  let kept = KEPT.get(text);
  if (kept === undefined) {
    if (KEPT.size >= KEPT_AT_MOST) KEPT.clear();
    KEPT.set(text, (kept = text));
  }
  LAST[field] = kept;
  return kept;
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
