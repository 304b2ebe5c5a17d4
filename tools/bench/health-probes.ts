import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

/** One `/healthz` call: how long it took, start to last byte, and its status. */
export interface HealthSample {
  readonly ms: number;
  readonly status: number;
}

interface ProbeRequest {
  readonly healthProbes: true;
  readonly baseUrl: string;
  readonly ca: string;
  readonly samples: number;
}

/**
 * `/healthz` called `samples` times, one at a time, from a thread of its own: a kubelet probes
 * from a process of its own. On the benchmark's main thread the probe's time would include the
 * turns its heavy clients spend receiving and decoding megabytes of answers, which is the
 * client's delay, not the server's.
 */
export function probeHealth(baseUrl: string, ca: string, samples: number): Promise<HealthSample[]> {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { healthProbes: true, baseUrl, ca, samples } satisfies ProbeRequest,
    execArgv: process.execArgv,
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const WARM_UP = 5;

async function probe({ baseUrl, ca, samples }: ProbeRequest): Promise<HealthSample[]> {
  const dispatcher = new Agent({ connect: { ca, servername: 'localhost' }, connections: 1 });
  const taken: HealthSample[] = [];
  try {
    // The first calls open the connection (a TLS handshake): not what a probe on a kept connection waits for.
    for (let i = 0; i < WARM_UP + samples; i++) {
      const start = performance.now();
      const response = await request(`${baseUrl}/healthz`, { dispatcher });
      await response.body.text();
      if (i >= WARM_UP) taken.push({ ms: performance.now() - start, status: response.statusCode });
    }
  } finally {
    await dispatcher.close();
  }
  return taken;
}

if (!isMainThread && (workerData as Partial<ProbeRequest> | undefined)?.healthProbes) {
  parentPort?.postMessage(await probe(workerData as ProbeRequest));
}
