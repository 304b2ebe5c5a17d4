import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './load.js';
import { BARE_FASTIFY, BUILT_API, startServer } from './processes.js';
import { formatMs, type BenchContext, type Scenario } from './scenario.js';

const TARGET_MS = 600;
const STARTS = 3;

/**
 * Spawning the built service until its first `/healthz` 200, the median of a few starts, with the
 * compile cache (`NODE_COMPILE_CACHE`) in a folder of the bench's own: warm, as every start after
 * the first of a clone and every start of the container image (which builds it in) find it; and
 * cold, the first start after a build or install, each in an empty folder.
 *
 * The warm starts alternate with starts of the bare Fastify peer (one HTTPS route, its own warm
 * cache): the target is absolute, and the peer's time says how much of ours is this machine's
 * speed at the moment (Node itself, loading Fastify, TLS) rather than the service's own work.
 */
export const startupScenario: Scenario = {
  group: 'startup',
  async run(context) {
    const ourCache = mkdtempSync(join(tmpdir(), 'bench-compile-cache-'));
    const peerCache = mkdtempSync(join(tmpdir(), 'bench-compile-cache-'));
    try {
      await startOnce(context, BUILT_API, ourCache);
      await startOnce(context, BARE_FASTIFY, peerCache);
      const ours: number[] = [];
      const peer: number[] = [];
      for (let start = 0; start < STARTS; start++) {
        ours.push(await startOnce(context, BUILT_API, ourCache));
        peer.push(await startOnce(context, BARE_FASTIFY, peerCache));
      }
      const cold: number[] = [];
      for (let start = 0; start < STARTS; start++) {
        const cache = mkdtempSync(join(tmpdir(), 'bench-compile-cache-'));
        cold.push(await startOnce(context, BUILT_API, cache));
        rmSync(cache, { recursive: true, force: true });
      }
      const [warm, bare] = [median(ours), median(peer)];
      return [
        {
          figure: `ready (first /healthz 200), compile cache warm, median of ${STARTS}`,
          value: formatMs(warm),
          target: `≤ ${TARGET_MS} ms`,
          peer: `bare Fastify ${formatMs(bare)}`,
          ratio: `${(warm / bare).toFixed(2)}×`,
          met: warm <= TARGET_MS,
        },
        { figure: `ready, compile cache cold (first start after a build), median of ${STARTS}`, value: formatMs(median(cold)), target: '', peer: '', ratio: '', met: true },
      ];
    } finally {
      rmSync(ourCache, { recursive: true, force: true });
      rmSync(peerCache, { recursive: true, force: true });
    }
  },
};

/** One start; the cache is written when the process exits, so the next start finds it. */
async function startOnce(context: BenchContext, server: readonly string[], cache: string): Promise<number> {
  // No drain period: the cache is written as the process exits, whenever that is.
  const started = await startServer('server', server, context.tls, { env: { ...context.apiEnv, NODE_COMPILE_CACHE: cache, SHUTDOWN_DRAIN_MS: '0' } });
  await started.stop();
  return started.readyMs;
}
