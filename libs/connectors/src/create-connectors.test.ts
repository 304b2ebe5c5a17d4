import { describe, expect, it } from 'vitest';
import { createConnectors, type ConnectorConfig } from './create-connectors.js';
import { ConnectorError, PropertyNotFoundError, UpstreamError } from './errors.js';

describe('createConnectors', () => {
  it('builds the sandbox for kind "sandbox", on the clock it is given', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const connectors = await createConnectors({ kind: 'sandbox', now: () => now });
    expect((await connectors.catalog.getProperty('ACME001'))?.code).toBe('ACME001');
    const { collectedAt } = await connectors.rateShopper.shop('ACME001', { checkIn: '2026-04-10', checkOut: '2026-04-13', adults: 2, children: 0 });
    expect(collectedAt?.getTime()).toBeLessThan(now.getTime());
  });

  it('rejects a kind it has no adapter for, as a config file typo would give', async () => {
    const typo = { kind: 'sandbx' } as unknown as ConnectorConfig;
    await expect(createConnectors(typo)).rejects.toThrow(ConnectorError);
    await expect(createConnectors(typo)).rejects.toThrow(/sandbx/);
  });
});

describe('connector errors', () => {
  it('carry stable codes and stay ConnectorErrors', () => {
    const notFound = new PropertyNotFoundError('ACME999');
    expect(notFound).toBeInstanceOf(ConnectorError);
    expect(notFound).toMatchObject({ name: 'PropertyNotFoundError', code: 'property_not_found', propertyCode: 'ACME999' });
    expect(notFound.message).toContain('ACME999');

    const cause = new Error('socket hang up');
    const upstream = new UpstreamError('http:reviews', 'Reviews API unavailable', { status: 503, cause });
    expect(upstream).toBeInstanceOf(ConnectorError);
    expect(upstream).toMatchObject({ name: 'UpstreamError', code: 'upstream_error', upstream: 'http:reviews', status: 503, cause });
  });
});
