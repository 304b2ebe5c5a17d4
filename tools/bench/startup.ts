import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './load.js';
import { BUILT_API, startServer } from './processes.js';
import { formatMs, type BenchContext, type Scenario } from './scenario.js';

const TARGET_MS = 600;
const STARTS = 3;

/**
 * Spawning the built service until its first `/healthz` 200, the median of a few starts, with the
 * compile cache (`NODE_COMPILE_CACHE`) in a folder of the bench's own: warm, as every start after
 * the first of a clone and every start of the container image (which builds it in) find it; and
 * cold, the first start after a build or install, each in an empty folder.
 */
export const startupScenario: Scenario = {
  group: 'startup',
  async run(context) {
    const warmCache = mkdtempSync(join(tmpdir(), 'bench-compile-cache-'));
    try {
      await startOnce(context, warmCache);
      const warm = median(await startTimes(context, () => warmCache));
      const cold = median(
        await startTimes(context, () => mkdtempSync(join(tmpdir(), 'bench-compile-cache-')), (cache) => rmSync(cache, { recursive: true, force: true })),
      );
      return [
        { figure: `ready (first /healthz 200), compile cache warm, median of ${STARTS}`, value: formatMs(warm), target: `≤ ${TARGET_MS} ms`, peer: '', ratio: '', met: warm <= TARGET_MS },
        { figure: `ready, compile cache cold (first start after a build), median of ${STARTS}`, value: formatMs(cold), target: '', peer: '', ratio: '', met: true },
      ];
    } finally {
      rmSync(warmCache, { recursive: true, force: true });
    }
  },
};

async function startTimes(context: BenchContext, cacheFolder: () => string, done: (cache: string) => void = () => undefined): Promise<number[]> {
  const times: number[] = [];
  for (let start = 0; start < STARTS; start++) {
    const cache = cacheFolder();
    times.push(await startOnce(context, cache));
    done(cache);
  }
  return times;
}

/** One start; the cache is written when the process exits, so the next start finds it. */
async function startOnce(context: BenchContext, cache: string): Promise<number> {
  // No drain period: the cache is written as the process exits, whenever that is.
  const api = await startServer('api', BUILT_API, context.tls, { env: { ...context.apiEnv, NODE_COMPILE_CACHE: cache, SHUTDOWN_DRAIN_MS: '0' } });
  await api.stop();
  return api.readyMs;
}
