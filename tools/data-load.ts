/**
 * `npm run data:load -- PATH`: loads a JSON Lines file, or every `.jsonl` file of a folder in name
 * order, into the database in DATABASE_URL (docs/data-format.md). Each file is all-or-nothing.
 */
import {
  createDatabase,
  dataFilesAt,
  DataFileError,
  describeDatabaseUrl,
  explainDatabaseError,
  loadDataFile,
  type LoadProgress,
} from '@hotelapi/connectors/postgres';
import { requireDatabaseUrl } from './database-url.js';

const path = process.argv[2];
if (!path || process.argv.length > 3) {
  console.error('Usage: npm run data:load -- PATH   (a .jsonl file or a folder of them)');
  process.exit(2);
}
const url = requireDatabaseUrl();
const db = createDatabase({ url, poolSize: 2, statementTimeoutMs: 0 });
const interactive = process.stderr.isTTY;

/** On a terminal: records, records per second and ETA on one updating line. */
function showProgress(started: number): (progress: LoadProgress) => void {
  let shown = 0;
  return ({ file, records, bytesRead, bytesTotal }) => {
    const now = performance.now();
    if (!interactive || now - shown < 250) return;
    shown = now;
    const seconds = (now - started) / 1000;
    const rate = records / Math.max(seconds, 0.001);
    const eta = bytesRead > 0 ? (seconds * (bytesTotal - bytesRead)) / bytesRead : 0;
    process.stderr.write(`\r${file}: ${records.toLocaleString('en')} records, ${Math.round(rate).toLocaleString('en')}/s, ETA ${Math.ceil(eta)} s   `);
  };
}

try {
  for (const file of await dataFilesAt(path)) {
    const loaded = await loadDataFile(db, file, showProgress(performance.now()));
    if (interactive) process.stderr.write('\r\x1b[K');
    const rate = Math.round(loaded.records / Math.max(loaded.milliseconds / 1000, 0.001));
    console.log(`${file}: ${loaded.records} records loaded in ${(loaded.milliseconds / 1000).toFixed(1)} s (${rate}/s)`);
  }
} catch (error) {
  if (interactive) process.stderr.write('\n');
  if (error instanceof DataFileError) console.error(`${error.message}\nNothing of ${error.file} was loaded.`);
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`No such file or folder: ${path}`);
  else console.error(`data:load failed on ${describeDatabaseUrl(url)}: ${explainDatabaseError(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
