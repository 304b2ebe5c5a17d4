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
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new RecordError(line, issue?.path.join('.') || '(record)', issue?.message ?? 'not a data record');
}

/** A record and the line it came from, so a later refusal (a missing parent) can name it. */
export interface NumberedRecord {
  readonly line: number;
  readonly record: DataRecord;
}
