import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import { DataRecord } from '../../data-format/records.js';
import type { Database } from '../database.js';
import { DataFileError } from './data-file-error.js';
import { KnownKeys } from './known-keys.js';
import { RecordWriter } from './record-writer.js';

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
 * so memory stays bounded whatever the file's size. Committing bumps the data version, which tells
 * every serving process to read the catalog again.
 */
export async function loadDataFile(db: Kysely<Database>, file: string, onProgress?: (progress: LoadProgress) => void): Promise<LoadedFile> {
  const started = performance.now();
  const bytesTotal = (await stat(file)).size;
  let records = 0;
  await db.transaction().execute(async (trx) => {
    const known = await KnownKeys.read(trx);
    const writer = new RecordWriter(trx);
    // Opened only now: lines read before iteration starts would be lost.
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
    try {
      let lineNumber = 0;
      for await (const line of lines) {
        lineNumber++;
        if (line.trim() === '') continue;
        const record = parseLine(file, lineNumber, line);
        const missing = known.missing(record);
        if (missing) throw new DataFileError(file, lineNumber, missing.field, missing.why);
        known.add(record);
        await writer.add(record);
        records++;
        if (onProgress && records % 5_000 === 0) onProgress({ file, records, bytesRead: stream.bytesRead, bytesTotal });
      }
      await writer.flush();
      // Last, so the row lock that orders concurrent loads is held only while committing.
      if (records > 0) await trx.updateTable('hotel_data_version').set({ version: sql<string>`version + 1` }).execute();
    } finally {
      await writer.settle();
      lines.close();
      stream.destroy();
    }
  });
  onProgress?.({ file, records, bytesRead: bytesTotal, bytesTotal });
  return { file, records, milliseconds: performance.now() - started };
}

function parseLine(file: string, lineNumber: number, line: string): DataRecord {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw new DataFileError(file, lineNumber, '(line)', `not JSON: ${(error as Error).message}`);
  }
  const parsed = DataRecord.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DataFileError(file, lineNumber, issue.path.join('.') || '(record)', issue.message);
}
