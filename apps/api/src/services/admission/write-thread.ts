/**
 * The push thread's entry (node:worker_threads; started by write-worker.ts): reads a push's
 * records (JSON, the record schemas) and writes them with the loader's own `pushRecords`, on
 * connections of its own. Everything a push costs in CPU (parsing, checking, the change rules,
 * the statements' parameters, the key's grants judged on the chains the push's transaction reads)
 * and the garbage it leaves happen here, off the event loop the API's reads are served on: one
 * message each way a push. It keeps nothing between pushes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UpstreamError, UpstreamTimeoutError } from '@hotelapi/connectors';
import { createDatabase, pushRecords } from '@hotelapi/connectors/postgres';
import { ApiFailure } from '../../failures/api-failure.js';
import { asPushFailure, namesOf, propertiesOf, readRecords, refuseUngranted } from '../data-push.js';
import type { WriteFailure, WriteOrder, WriteReport, WriteThreadData } from './write-messages.js';

const port = parentPort;
if (!port) throw new Error('write-thread.ts runs as a worker thread (write-worker.ts starts it)');

/**
 * Connections of the thread's own pool: `pushRecords` writes a few pushes at a time and queues
 * the rest, so the reads' pool never waits behind a write.
 */
const WRITE_CONNECTIONS = 4;

const { url, statementTimeoutMs, idempotencyRetentionMs } = workerData as WriteThreadData;
const db = createDatabase({ url, poolSize: WRITE_CONNECTIONS, ...(statementTimeoutMs !== undefined && { statementTimeoutMs }) });
const write = pushRecords(db, { idempotencyRetentionMs });

const report = (message: WriteReport) => port.postMessage(message);

async function run({ ticket, body, maxRecords, holder, idempotency }: WriteOrder): Promise<void> {
  try {
    const records = await readRecords(body, maxRecords);
    const names = namesOf(records);
    const outcome = await write(records, idempotency, (chainOf) => refuseUngranted(holder, names, chainOf));
    report({ ticket, outcome, properties: propertiesOf(names) });
  } catch (error) {
    report({ ticket, failure: failureOf(error) });
  }
}

function failureOf(error: unknown): WriteFailure {
  const failure = error instanceof ApiFailure ? error : asPushFailure(error);
  if (failure) return { kind: 'api', code: failure.code, message: failure.message, param: failure.param, headers: failure.headers };
  if (error instanceof UpstreamTimeoutError || error instanceof UpstreamError) return { kind: 'upstream', timeout: error instanceof UpstreamTimeoutError, message: error.message };
  return { kind: 'bug', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

port.on('message', (order: WriteOrder) => void run(order));
