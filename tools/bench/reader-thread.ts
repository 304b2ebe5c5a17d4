import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

interface ReaderOptions {
  readonly origin: string;
  readonly ca: string;
  readonly headers: Record<string, string>;
  /** The paths to read, each once, in order; running out of them fails the benchmark. */
  readonly paths: readonly string[];
  /** Reads in flight at once, each loop sending its next as soon as the last one answered. */
  readonly readers: number;
}

type Command = 'start' | 'stop';
type Report = { readonly times: number[] } | { readonly error: string };

/**
 * Readers on a thread of their own, as the clients reading and the clients writing are separate
 * processes in production: on the benchmark's main thread a read's time would include the turns
 * the writers spend building and sending their bodies.
 */
export class ReaderThread {
  private constructor(private readonly worker: Worker) {}

  static start(options: ReaderOptions): ReaderThread {
    return new ReaderThread(new Worker(new URL(import.meta.url), { workerData: { readerThread: true, ...options }, execArgv: process.execArgv }));
  }

  /** Each read's time (ms, first byte sent to last received) while `during` runs, with `readers` in flight. */
  async readWhile(during: Promise<unknown>): Promise<number[]> {
    const report = new Promise<Report>((resolve, reject) => {
      const ended = (settle: () => void) => {
        this.worker.off('message', onMessage).off('error', onError);
        settle();
      };
      const onMessage = (message: Report) => ended(() => resolve(message));
      const onError = (error: Error) => ended(() => reject(error));
      this.worker.on('message', onMessage).on('error', onError);
    });
    this.worker.postMessage('start' satisfies Command);
    await during.finally(() => this.worker.postMessage('stop' satisfies Command));
    const ended = await report;
    if ('error' in ended) throw new Error(ended.error);
    return ended.times;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

function serve({ origin, ca, headers, paths, readers }: ReaderOptions): void {
  const dispatcher = new Agent({ connect: { ca }, connections: readers });
  let next = 0;
  let running = false;
  const read = async (): Promise<number> => {
    const path = paths[next++];
    if (path === undefined) throw new Error(`the readers ran out of their ${paths.length} paths`);
    const started = performance.now();
    const response = await request(`${origin}${path}`, { headers, dispatcher });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${text.slice(0, 300)}`);
    return performance.now() - started;
  };
  parentPort?.on('message', async (command: Command) => {
    if (command === 'stop') return void (running = false);
    running = true;
    const times: number[] = [];
    try {
      await Promise.all(Array.from({ length: readers }, async () => {
        while (running) times.push(await read());
      }));
      parentPort?.postMessage({ times } satisfies Report);
    } catch (error) {
      running = false;
      parentPort?.postMessage({ error: String(error) } satisfies Report);
    }
  });
}

if (!isMainThread && (workerData as { readerThread?: boolean } | undefined)?.readerThread) serve(workerData as ReaderOptions);
