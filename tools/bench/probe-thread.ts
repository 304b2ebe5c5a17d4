import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

/** One probe: how long it took, start to last byte, and its status. */
export interface ProbeSample {
  readonly ms: number;
  readonly status: number;
}

interface ProbeRequest {
  readonly probeThread: true;
  readonly url: string;
  readonly ca: string;
  readonly samples: number;
  readonly headers: Record<string, string>;
}

/**
 * `url` called `samples` times, one at a time, from a thread of its own: a kubelet probes, and a
 * client other than the benchmark's heavy ones calls, from a process of its own. On the
 * benchmark's main thread a probe's time would include the turns its heavy clients spend
 * receiving and decoding megabytes of answers, which is the client's delay, not the server's.
 */
export function probeFromThread(url: string, ca: string, samples: number, headers: Record<string, string> = {}): Promise<ProbeSample[]> {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { probeThread: true, url, ca, samples, headers } satisfies ProbeRequest,
    execArgv: process.execArgv,
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The first calls open the connection (a TLS handshake): not what a probe on a kept connection waits for. */
const WARM_UP = 5;

async function probe({ url, ca, samples, headers }: ProbeRequest): Promise<ProbeSample[]> {
  const dispatcher = new Agent({ connect: { ca, servername: 'localhost' }, connections: 1 });
  const taken: ProbeSample[] = [];
  try {
    for (let i = 0; i < WARM_UP + samples; i++) {
      const start = performance.now();
      const response = await request(url, { dispatcher, headers });
      await response.body.text();
      if (i >= WARM_UP) taken.push({ ms: performance.now() - start, status: response.statusCode });
    }
  } finally {
    await dispatcher.close();
  }
  return taken;
}

if (!isMainThread && (workerData as Partial<ProbeRequest> | undefined)?.probeThread) {
  parentPort?.postMessage(await probe(workerData as ProbeRequest));
}
