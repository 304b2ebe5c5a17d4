import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.js';
import type { Connectors } from '../ports/index.js';
import { createSandboxConnectors } from '../sandbox/index.js';
import { ConnectorFaultsSpec } from './connector-faults.js';
import { withFaults } from './with-faults.js';

const sandbox = createSandboxConnectors({ now: () => new Date('2026-03-01T10:00:00Z') });

/** Settles `count` rate lookups one after another: 'ok', 'error' or 'hung' (no answer within 20 ms). */
async function outcomes(connectors: Connectors, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const call = connectors.exchangeRates.getRate('EUR', 'USD').then(
      () => 'ok',
      (error: unknown) => (error instanceof UpstreamError ? 'error' : 'other'),
    );
    seen.push(await Promise.race([call, new Promise<string>((resolve) => setTimeout(resolve, 20, 'hung'))]));
  }
  return seen;
}

describe('withFaults', () => {
  it('fails, hangs and answers in the proportions asked, the same way for the same seed', async () => {
    const faults = ConnectorFaultsSpec.parse('errorRate=0.3,timeoutRate=0.1,seed=7');
    const first = await outcomes(withFaults(sandbox, faults), 200);
    const again = await outcomes(withFaults(sandbox, faults), 200);
    expect(again).toEqual(first);
    const share = (outcome: string) => first.filter((seen) => seen === outcome).length / first.length;
    expect(share('error')).toBeGreaterThan(0.2);
    expect(share('error')).toBeLessThan(0.4);
    expect(share('hung')).toBeGreaterThan(0.04);
    expect(share('hung')).toBeLessThan(0.18);
    expect(share('other')).toBe(0);
    const otherSeed = await outcomes(withFaults(sandbox, { ...faults, seed: 8 }), 200);
    expect(otherSeed).not.toEqual(first);
  });

  it('answers what the wrapped connectors answer when no fault is drawn', async () => {
    const faulty = withFaults(sandbox, ConnectorFaultsSpec.parse('seed=3'));
    expect(await faulty.catalog.getProperty('ACME001')).toEqual(await sandbox.catalog.getProperty('ACME001'));
    expect(await faulty.reviews.countReviews('ACME001')).toEqual(await sandbox.reviews.countReviews('ACME001'));
  });

  it('names itself in the failures it injects, as a 503 of the upstream', async () => {
    const failing = withFaults(sandbox, ConnectorFaultsSpec.parse('errorRate=1'));
    await expect(failing.rateShopper.shop('ACME001', { checkIn: '2026-04-10', checkOut: '2026-04-12', adults: 2, children: 0 })).rejects.toMatchObject({
      name: 'UpstreamError',
      upstream: 'fault-injection',
      status: 503,
      message: expect.stringContaining('rateShopper.shop'),
    });
  });

  it('keeps the start-up chain list out of it, so a faulty start still starts', async () => {
    const failing = withFaults(sandbox, ConnectorFaultsSpec.parse('errorRate=1'));
    expect((await failing.catalog.listChains()).length).toBeGreaterThan(0);
  });

  it('delays answers by the latency asked', async () => {
    const slow = withFaults(sandbox, ConnectorFaultsSpec.parse('latencyMs=30-40'));
    const started = performance.now();
    await slow.exchangeRates.getRate('EUR', 'USD');
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
  });
});
