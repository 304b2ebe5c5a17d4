import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { GrantHolder } from '@hotelapi/auth';
import { UpstreamError, UpstreamTimeoutError, type IdempotentWrite } from '@hotelapi/connectors';
import { ApiFailure } from '../../failures/api-failure.js';
import type { PushedBody, PushWriter, PushWritten } from '../data-push.js';
import type { WriteFailure, WriteOrder, WriteReport, WriteThreadData } from './write-messages.js';

/** `.ts` beside this module when the API runs from source (tests: tsx and the source condition, as the process), `.js` in `dist`. */
const fromSource = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(fromSource ? './write-thread.ts' : './write-thread.js', import.meta.url);
const threadArgv = () => (fromSource ? ['--conditions=@hotelapi/source', '--import', createRequire(import.meta.url).resolve('tsx')] : undefined);

type Awaiting = (report: WriteReport) => void;

/**
 * Pushes into PostgreSQL on a thread of their own (write-thread.ts): the body's bytes and the
 * key's grants go over, the outcome comes back. The event loop that serves reads spends nothing
 * on a push but its HTTP. The thread starts with the worker; if it dies, the pushes under way
 * fail with a retryable 503 (their transactions die with its connections: nothing half written)
 * and the next starts a new one.
 */
export class WriteWorker implements PushWriter {
  readonly #data: WriteThreadData;
  #thread: { worker: Worker; awaiting: Map<number, Awaiting> } | undefined;
  #ticket = 0;
  #closed = false;

  readonly #onError: (error: Error) => void;

  /**
   * Starts the thread at once: loading its modules takes a while, which the first push should not wait for.
   * @param onError told of an error that stopped the thread (its pushes are answered by the exit).
   */
  constructor(data: WriteThreadData, onError: (error: Error) => void = () => undefined) {
    this.#data = data;
    this.#onError = onError;
    this.#thread = this.#start();
    this.#thread.worker.unref();
  }

  /** The running thread, if any (tests terminate it to see a push under way refused and the next one taken). */
  get thread(): Worker | undefined {
    return this.#thread?.worker;
  }

  async push(body: PushedBody, maxRecords: number, holder: GrantHolder, idempotency: IdempotentWrite | undefined): Promise<PushWritten> {
    const report = await this.#ask({ ticket: ++this.#ticket, body, maxRecords, holder, ...(idempotency && { idempotency }) }, transferable(body));
    if (!('outcome' in report)) throw failureOf(report);
    return { outcome: report.outcome, properties: report.properties };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.worker.terminate();
  }

  /** Sends `order`, moving `transfer` to the thread (this side's views of it are emptied). */
  #ask(order: WriteOrder, transfer: readonly ArrayBuffer[] = []): Promise<WriteReport> {
    if (this.#closed) return Promise.reject(new UpstreamError('postgres', 'The instance is shutting down; nothing was applied. Send the push again.'));
    return new Promise((resolve) => {
      const thread = (this.#thread ??= this.#start());
      if (thread.awaiting.size === 0) thread.worker.ref();
      thread.awaiting.set(order.ticket, resolve);
      thread.worker.postMessage(order, [...transfer]);
    });
  }

  #start() {
    const argv = threadArgv();
    const worker = new Worker(THREAD_ENTRY, { workerData: this.#data, ...(argv && { execArgv: argv }) });
    const thread = { worker, awaiting: new Map<number, Awaiting>() };
    worker.on('message', (report: WriteReport) => {
      thread.awaiting.get(report.ticket)?.(report);
      thread.awaiting.delete(report.ticket);
      // Referenced while pushes are out, as a socket would be; idle, it never holds up an exit.
      if (thread.awaiting.size === 0) worker.unref();
    });
    worker.on('error', (error) => this.#onError(error));
    worker.once('exit', (code) => {
      if (this.#thread === thread) this.#thread = undefined;
      const failure: WriteFailure = { kind: 'upstream', timeout: false, message: `The push thread stopped (exit code ${code}) before answering: the push was applied wholly or not at all. Send it again.` };
      for (const [ticket, settle] of thread.awaiting) settle({ ticket, failure });
      thread.awaiting.clear();
    });
    return thread;
  }
}

/**
 * The memory of a body's bytes when they alone fill it, so they move to the thread instead of
 * being copied; a small body shares Node's buffer pool, which must stay, and is copied.
 */
function transferable(body: PushedBody): ArrayBuffer[] {
  if (!('utf8' in body)) return [];
  const { buffer, byteOffset, byteLength } = body.utf8;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength ? [buffer] : [];
}

/** The error a failed push is answered with, as the in-process path would have thrown it. */
function failureOf(report: WriteReport): Error {
  const failure = 'failure' in report ? report.failure : ({ kind: 'bug', message: 'unexpected answer from the push thread' } as const);
  if (failure.kind === 'api') return new ApiFailure(failure.code, failure.message, { ...(failure.param !== undefined && { param: failure.param }), ...(failure.headers && { headers: failure.headers }) });
  if (failure.kind === 'upstream') return failure.timeout ? new UpstreamTimeoutError('postgres', failure.message) : new UpstreamError('postgres', failure.message);
  return new Error(failure.message);
}
