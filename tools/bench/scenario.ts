import type { LoadClient } from './load.js';
import type { BenchTls, ServerProcess } from './processes.js';

/** One line of the printed table. */
export interface Row {
  readonly figure: string;
  readonly value: string;
  readonly target: string;
  /** What the figure is measured against ("" when the target is absolute). */
  readonly peer: string;
  readonly ratio: string;
  readonly met: boolean;
  /**
   * CPU time each server process spent per request over the measured rounds, in microseconds:
   * what the throughput ratio is made of, and less moved by what else the machine runs.
   */
  readonly cpuPerRequestUs?: { readonly ours: number; readonly peer: number };
  /** Requests a second of each side (the median round), for figures measured against a peer. */
  readonly perSecond?: { readonly ours: number; readonly peer: number };
}

/** What every scenario is handed: the running API and how long to measure. */
export interface BenchContext {
  readonly tls: BenchTls;
  readonly api: ServerProcess;
  readonly apiClient: LoadClient;
  /** Alternating rounds per side, and each round's length. */
  readonly rounds: number;
  readonly roundMs: number;
  readonly connections: number;
  /** Environment the API is started with (for scenarios that start it again). */
  readonly apiEnv: Record<string, string>;
}

export interface Scenario {
  /** What `npm run bench -- <group>` selects. */
  readonly group: string;
  run(context: BenchContext): Promise<Row[]>;
}

/** `yyyy-MM-dd`, `days` from today (UTC): the built service prices against the real clock. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const API_KEY_HEADERS = { authorization: 'Bearer sk_test_sandbox' } as const;

/** A number from the environment (`BENCH_ROUNDS` and the like), else `fallback`. */
export const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;

export const formatRate = (perSecond: number) => `${perSecond.toFixed(0)} req/s`;
export const formatMs = (ms: number) => `${ms.toFixed(1)} ms`;
export const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
