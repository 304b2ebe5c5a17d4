import { describe, expect, it } from 'vitest';
import { ConnectorFaultsSpec } from './connector-faults.js';

describe('CONNECTOR_FAULTS', () => {
  it('reads every setting', () => {
    expect(ConnectorFaultsSpec.parse('errorRate=0.2, timeoutRate=0.01,latencyMs=20-400,seed=7')).toEqual({
      errorRate: 0.2,
      timeoutRate: 0.01,
      latencyMs: { min: 20, max: 400 },
      seed: 7,
    });
  });

  it('leaves out what is not named: no faults, no latency', () => {
    expect(ConnectorFaultsSpec.parse('errorRate=0.5')).toEqual({ errorRate: 0.5, timeoutRate: 0, latencyMs: { min: 0, max: 0 }, seed: 1 });
    expect(ConnectorFaultsSpec.parse('latencyMs=30').latencyMs).toEqual({ min: 30, max: 30 });
  });

  it.each([
    ['errorRate=1.5', /errorRate/],
    ['errorRate=0.7,timeoutRate=0.4', /more than 1/],
    ['latencyMs=400-20', /latencyMs/],
    ['latencyMs=fast', /latencyMs/],
    ['seed=-1', /seed/],
    ['errorrate=0.2', /errorrate=0.2/],
    ['errorRate=0.1,errorRate=0.2', /at most once/],
    ['errorRate', /errorRate/],
  ])('refuses %s, saying what is wrong', (text, message) => {
    const parsed = ConnectorFaultsSpec.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(message);
  });
});
