import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import { parseRecordLine, type NumberedRecord } from '../../data-format/parse-record.js';
import { RecordError } from '../../data-format/record-error.js';
import type { Database } from '../database.js';
import { DataFileError } from './data-file-error.js';
import { KnownKeys } from './known-keys.js';
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
 * DataFileError naming `file:line`, the field and why. Lines are streamed and written in batches,
 * so memory stays bounded whatever the file's size. The writing is `writeRecords`', the same as a
 * push's (`POST /v1/data`).
 */
export async function loadDataFile(db: Kysely<Database>, file: string, onProgress?: (progress: LoadProgress) => void): Promise<LoadedFile> {
  const started = performance.now();
  const bytesTotal = (await stat(file)).size;
  let records = 0;
  // Opened only when the transaction starts: lines read before iteration starts would be lost.
  let stream: ReturnType<typeof createReadStream> | undefined;
  async function* numberedRecords(): AsyncGenerator<NumberedRecord> {
    stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
    try {
      let line = 0;
      for await (const text of lines) {
        line++;
        if (text.trim() === '') continue;
        yield { line, record: parseRecordLine(text, line) };
        records++;
        if (onProgress && records % 5_000 === 0) onProgress({ file, records, bytesRead: stream.bytesRead, bytesTotal });
      }
    } finally {
      lines.close();
      stream.destroy();
    }
  }
  try {
    await db.transaction().execute(async (trx) => writeRecords(trx, numberedRecords(), await KnownKeys.read(trx), 'load'));
  } catch (error) {
    if (error instanceof RecordError) throw new DataFileError(file, error.line, error.field, error.why);
    throw error;
  }
  onProgress?.({ file, records, bytesRead: bytesTotal, bytesTotal });
  return { file, records, milliseconds: performance.now() - started };
}
