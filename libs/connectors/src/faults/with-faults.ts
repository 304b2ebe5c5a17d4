import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamError } from '../errors.js';
import { interceptPorts } from '../intercept-ports.js';
import type { Connectors } from '../ports/index.js';
import { Random } from '../sandbox/random.js';
import type { ConnectorFaults } from './connector-faults.js';

/** What the source name of an injected failure says, so a log line tells it from a real one. */
const UPSTREAM = 'fault-injection';

/**
 * The same connectors, made unreliable on purpose, so the resilience policy can be shown working
 * on a laptop and in CI (`CONNECTOR_FAULTS`). Each call draws from one seeded stream: with chance
 * `timeoutRate` it never answers, with chance `errorRate` it fails with a 503 `UpstreamError`,
 * and otherwise it answers; answers and failures come after a latency drawn from `latencyMs`.
 *
 * `catalog.listChains` is left alone: it is read once at start-up to know which chain each
 * property belongs to, and a fault there would stop the process instead of exercising a request.
 */
export function withFaults(connectors: Connectors, faults: ConnectorFaults): Connectors {
  const random = new Random(faults.seed);
  return interceptPorts(connectors, async ({ port, method, invoke }) => {
    if (port === 'catalog' && method === 'listChains') return invoke();
    const draw = random.next();
    const latency = faults.latencyMs.max === 0 ? 0 : random.int(faults.latencyMs.min, faults.latencyMs.max);
    if (draw < faults.timeoutRate) {
      return new Promise<never>(() => {
        // Never settles: the upstream took the call and went silent.
      });
    }
    if (latency > 0) await sleep(latency);
    if (draw < faults.timeoutRate + faults.errorRate) {
      throw new UpstreamError(UPSTREAM, `Injected failure of ${port}.${method}`, { status: 503 });
    }
    return invoke();
  });
}
