import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { fileLines } from '../../data-format/file-lines.js';
import { parseRecordLine, type NumberedRecord } from '../../data-format/parse-record.js';
import { RecordError } from '../../data-format/record-error.js';
import type { Database } from '../database.js';
import { DataFileError } from './data-file-error.js';
import { KnownKeys } from './known-keys.js';
import { retryingConflicts } from './write-conflicts.js';
import { writeRecords } from './write-records.js';

/** How far a file has got, for a progress display. */
export interface LoadProgress {
  readonly file: string;
  readonly records: number;
  readonly bytesRead: number;
  readonly bytesTotal: number;
}

export interface LoadedFile {
  readonly file: string;
  readonly records: number;
  readonly milliseconds: number;
}

/** The data files a path names: the file itself, or a folder's `.jsonl` / `.ndjson` files in name order. */
export async function dataFilesAt(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const names = (await readdir(path)).filter((name) => /\.(jsonl|ndjson)$/.test(name)).sort();
  return names.map((name) => join(path, name));
}

/**
 * Loads one JSON Lines file in one transaction: every line is validated and its references
 * checked before anything is written, and the first bad line rolls the whole file back with a
 * DataFileError naming `file:line`, the field and why. Lines are read in large pieces and written
 * in batches, so memory stays bounded whatever the file's size. The writing is `writeRecords`', the same as a
 * push's (`POST /v1/data`). A load that loses a conflict with another writer (a push adding the
 * same new room nights meanwhile) applied nothing and is run again from the file's start.
 */
export async function loadDataFile(db: Kysely<Database>, file: string, onProgress?: (progress: LoadProgress) => void): Promise<LoadedFile> {
  const started = performance.now();
  const bytesTotal = (await stat(file)).size;
  try {
    const records = await retryingConflicts(() => loadOnce(db, file, bytesTotal, onProgress));
    return { file, records, milliseconds: performance.now() - started };
  } catch (error) {
    if (error instanceof RecordError) throw new DataFileError(file, error.line, error.field, error.why);
    throw error;
  }
}

/** One run of the file in one transaction: its records. */
async function loadOnce(db: Kysely<Database>, file: string, bytesTotal: number, onProgress?: (progress: LoadProgress) => void): Promise<number> {
  let records = 0;
  const read = { bytes: 0 };
  let line = 0;
  // Each piece's records parsed one by one as they are taken, so a record dies young.
  function* numbered(lines: Iterable<string>): Generator<NumberedRecord> {
    for (const text of lines) {
      line++;
      if (text.trim() === '') continue;
      yield { line, record: parseRecordLine(text, line) };
      records++;
      if (onProgress && records % 5_000 === 0) onProgress({ file, records, bytesRead: read.bytes, bytesTotal });
    }
  }
  // A generator: the file is opened only when the transaction starts taking its records.
  async function* pieces(): AsyncGenerator<Iterable<NumberedRecord>> {
    for await (const lines of fileLines(file, read)) yield numbered(lines);
  }
  await db.transaction().execute(async (trx) => writeRecords(trx, pieces(), await KnownKeys.read(trx), 'load'));
  onProgress?.({ file, records, bytesRead: bytesTotal, bytesTotal });
  return records;
}
