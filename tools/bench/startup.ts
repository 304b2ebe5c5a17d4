import { median } from './load.js';
import { BUILT_API, startServer } from './processes.js';
import { formatMs, type Scenario } from './scenario.js';

const TARGET_MS = 600;
const STARTS = 3;

/** Spawning the built service until its first `/healthz` 200, the median of a few starts. */
export const startupScenario: Scenario = {
  group: 'startup',
  async run(context) {
    const times: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      const api = await startServer('api', BUILT_API, context.tls, { env: context.apiEnv });
      times.push(api.readyMs);
      await api.stop();
    }
    const ready = median(times);
    return [{ figure: `ready (first /healthz 200), median of ${STARTS}`, value: formatMs(ready), target: `≤ ${TARGET_MS} ms`, peer: '', ratio: '', met: ready <= TARGET_MS }];
  },
};
