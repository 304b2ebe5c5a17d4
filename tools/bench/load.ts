import { Pool } from 'undici';

/** One request the load generator sends, prebuilt so that sending costs the same for every server. */
export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/**
 * Requests that are never asked twice: each round takes the next ones, where an array would start
 * over (see `round`).
 */
export interface RequestStream {
  next(): BenchRequest;
}

/** What a round sends: a list cycled from its start every round, or a stream that never repeats. */
export type RequestSource = readonly BenchRequest[] | RequestStream;

/** Throws when an answer is not what the scenario expects, so a fast wrong answer never counts. */
export type AnswerCheck = (status: number, body: string) => void;

export interface RoundFigures {
  readonly perSecond: number;
  readonly requests: number;
  /** Latency of each request, in milliseconds, in the order they finished. */
  readonly latencies: readonly number[];
}

/**
 * A keep-alive HTTPS client for one server. It runs in the bench runner's process, never in a
 * server's, so generating load does not eat into the measured server's event loop.
 */
export class LoadClient {
  readonly #pool: Pool;

  constructor(
    readonly origin: string,
    ca: string,
    readonly connections: number,
  ) {
    this.#pool = new Pool(origin, { connections, connect: { ca }, pipelining: 1 });
  }

  /** Sends one request and returns its status and body. */
  async send(request: BenchRequest): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
    const response = await this.#pool.request(request);
    return { status: response.statusCode, body: await response.body.text(), headers: response.headers };
  }

  /**
   * Keeps every connection busy for `durationMs` (or until `maxRequests`), cycling through the
   * requests in order (or taking the stream's next), and reports the throughput. Every answer is
   * checked.
   */
  async round(requests: RequestSource, check: AnswerCheck, { durationMs = Infinity, maxRequests = Infinity } = {}): Promise<RoundFigures> {
    const latencies: number[] = [];
    const start = performance.now();
    const deadline = start + durationMs;
    let next = 0;
    const take = isStream(requests) ? () => requests.next() : () => requests[next % requests.length];
    const connection = async () => {
      while (next < maxRequests && performance.now() < deadline) {
        const request = take();
        next++;
        const sent = performance.now();
        const { status, body } = await this.send(request);
        latencies.push(performance.now() - sent);
        check(status, body);
      }
    };
    await Promise.all(Array.from({ length: this.connections }, connection));
    const seconds = (performance.now() - start) / 1000;
    return { perSecond: latencies.length / seconds, requests: latencies.length, latencies };
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

function isStream(requests: RequestSource): requests is RequestStream {
  return !Array.isArray(requests);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Accepts a 200 whose body contains `needle`. */
export function expectOk(needle: string): AnswerCheck {
  return (status, body) => {
    if (status !== 200 || !body.includes(needle)) throw new Error(`Unexpected answer (${status}): ${body.slice(0, 300)}`);
  };
}
