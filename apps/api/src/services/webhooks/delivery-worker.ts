import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { HotelEvent } from '@hotelapi/domain';
import type { DeliveryAgentOptions, PostOutcome } from './delivery-agent.js';
import type { AttemptBatch, AttemptOrder, AttemptReport, DeliveryThreadData } from './delivery-messages.js';
import { eventBody } from './signing.js';

/**
 * The thread's entry beside this module: `.ts` when the API runs from source (tests, benchmarks:
 * the thread then loads tsx and the workspace's source condition, as the process did), `.js` in
 * `dist`.
 */
const fromSource = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(fromSource ? './delivery-thread.ts' : './delivery-thread.js', import.meta.url);
const threadArgv = () => (fromSource ? ['--conditions=@hotelapi/source', '--import', createRequire(import.meta.url).resolve('tsx')] : undefined);

/**
 * Hands delivery attempts to a worker thread that signs and POSTs them (delivery-thread.ts), so
 * that TLS, HTTP and HMAC never take the API's event loop from its readers. The attempts of one
 * turn go as one message, each event's body serialised once; the answers come back in batches, and
 * the attempts that follow them (the queue's next jobs) in one message again.
 * The thread starts with the first attempt. If it dies, its attempts in flight fail (the queue
 * retries them) and the next attempt starts a new one; `close()` terminates it.
 */
export class DeliveryWorker {
  readonly #data: DeliveryThreadData;
  readonly #onLost: (error: unknown) => void;
  #thread: RunningThread | undefined;
  /** This turn's attempts, sent together at its end. */
  #queued: { order: AttemptOrder; settle: Settle }[] = [];
  #bodies: string[] = [];
  #bodyOf = new Map<string, number>();
  #ticket = 0;
  #closed = false;

  /** `onLost` is told when the thread dies (it is started again for the next attempt). */
  constructor(options: DeliveryAgentOptions, onLost: (error: unknown) => void) {
    this.#data = options;
    this.#onLost = onLost;
  }

  /** The running thread, if any (tests terminate it to see a crash survived). */
  get thread(): Worker | undefined {
    return this.#thread?.worker;
  }

  /** Signs `event` with `secrets` as of `at` and POSTs it to `url`, in the thread. */
  post(url: string, event: HotelEvent, secrets: readonly string[], at: Date): Promise<PostOutcome> {
    if (this.#closed) return Promise.resolve(notSent('the delivery worker is closed'));
    let body = this.#bodyOf.get(event.id);
    if (body === undefined) {
      body = this.#bodies.push(bodyOf(event)) - 1;
      this.#bodyOf.set(event.id, body);
    }
    if (this.#queued.length === 0) setImmediate(() => this.#send());
    const order = { ticket: ++this.#ticket, url, eventId: event.id, body, secrets, at: at.getTime() };
    return new Promise((settle) => this.#queued.push({ order, settle }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    const thread = this.#thread;
    this.#thread = undefined;
    settleAll(this.#take().queued.map(({ settle }) => settle), 'the delivery worker was closed');
    if (thread) settleAll(thread.inFlight.values(), 'the delivery worker was closed');
    await thread?.worker.terminate();
  }

  #take() {
    const taken = { queued: this.#queued, bodies: this.#bodies };
    this.#queued = [];
    this.#bodies = [];
    this.#bodyOf = new Map();
    return taken;
  }

  #send(): void {
    const { queued, bodies } = this.#take();
    if (queued.length === 0) return;
    try {
      const thread = (this.#thread ??= this.#start());
      // Referenced while attempts are out, as a socket would be; idle, it never holds up an exit.
      if (thread.inFlight.size === 0) thread.worker.ref();
      for (const { order, settle } of queued) thread.inFlight.set(order.ticket, settle);
      thread.worker.postMessage({ bodies, orders: queued.map(({ order }) => order) } satisfies AttemptBatch);
    } catch (error) {
      settleAll(queued.map(({ settle }) => settle), `the delivery worker could not start: ${String(error)}`);
      this.#onLost(error);
    }
  }

  #start(): RunningThread {
    const argv = threadArgv();
    const worker = new Worker(THREAD_ENTRY, { workerData: this.#data, ...(argv && { execArgv: argv }) });
    const thread: RunningThread = { worker, inFlight: new Map() };
    worker.on('message', (reports: readonly AttemptReport[]) => {
      for (const { ticket, ...outcome } of reports) {
        thread.inFlight.get(ticket)?.(outcome);
        thread.inFlight.delete(ticket);
      }
      if (thread.inFlight.size === 0) worker.unref();
    });
    let failure: unknown;
    worker.on('error', (error) => (failure = error));
    worker.once('exit', (code) => {
      if (this.#thread !== thread) return;
      this.#thread = undefined;
      settleAll(thread.inFlight.values(), `the delivery worker stopped (exit code ${code})`);
      this.#onLost(failure ?? new Error(`the delivery worker stopped with exit code ${code}`));
    });
    return thread;
  }
}

type Settle = (outcome: PostOutcome) => void;

interface RunningThread {
  readonly worker: Worker;
  /** Attempts sent to it, by ticket, not yet answered. */
  readonly inFlight: Map<number, Settle>;
}

/** Fails attempts that got no answer: the queue retries them. */
function settleAll(settles: Iterable<Settle>, why: string): void {
  for (const settle of [...settles]) settle(notSent(why));
}

const notSent = (detail: string): PostOutcome => ({ status: null, detail, durationMs: 0 });

/** Bodies kept per event object: the sandbox's queue gives each receiver's job the same one. */
const bodies = new WeakMap<HotelEvent, string>();
function bodyOf(event: HotelEvent): string {
  let body = bodies.get(event);
  if (body === undefined) bodies.set(event, (body = eventBody(event)));
  return body;
}
