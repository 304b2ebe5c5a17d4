import { describe, expect, it } from 'vitest';
import { interceptPorts, type PortCall } from './intercept-ports.js';
import type { Connectors } from './ports/index.js';
import { createSandboxConnectors } from './sandbox/index.js';

const sandbox = createSandboxConnectors({ now: () => new Date('2026-03-01T10:00:00Z') });

describe('interceptPorts', () => {
  it('passes every port method through the interceptor, calling the adapter as itself', async () => {
    const seen: Omit<PortCall, 'invoke'>[] = [];
    const wrapped = interceptPorts(sandbox, ({ invoke, ...call }) => {
      seen.push(call);
      return invoke();
    });
    const stay = { checkIn: '2026-04-10', checkOut: '2026-04-12', adults: 2, children: 0 };
    await wrapped.catalog.listChains();
    await wrapped.catalog.getChain('ACME');
    expect(await wrapped.catalog.getProperty('ACME001')).toEqual(await sandbox.catalog.getProperty('ACME001'));
    await wrapped.rateShopper.shop('ACME001', stay);
    await wrapped.reviews.getReviews('ACME001');
    await wrapped.reviews.countReviews('ACME001');
    await wrapped.bookingEngine.getAvailability('ACME001', stay);
    await wrapped.bookingEngine.getLowestMonthlyRates('ACME001', '2026-04-01', 2);
    await wrapped.exchangeRates.getRate('EUR', 'USD');
    expect(seen.map(({ port, method }) => `${port}.${method}`)).toEqual([
      'catalog.listChains',
      'catalog.getChain',
      'catalog.getProperty',
      'rateShopper.shop',
      'reviews.getReviews',
      'reviews.countReviews',
      'bookingEngine.getAvailability',
      'bookingEngine.getLowestMonthlyRates',
      'exchangeRates.getRate',
    ]);
    expect(seen[2]?.args).toEqual(['ACME001']);
  });

  it('may answer without calling the adapter', async () => {
    const wrapped = interceptPorts(sandbox, async () => 42);
    expect(await wrapped.exchangeRates.getRate('EUR', 'USD')).toBe(42);
  });

  it('keeps members that are not ports as they are', () => {
    const close = async () => {
      // Nothing to release in this test.
    };
    const withExtras = { ...sandbox, close } as Connectors & { close: () => Promise<void> };
    expect((interceptPorts(withExtras, ({ invoke }) => invoke()) as typeof withExtras).close).toBe(close);
  });
});
