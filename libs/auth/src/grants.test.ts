import { describe, expect, it } from 'vitest';
import { canReadChain, canReadProperty, formatGrant, type Grant, parseGrant, readsEverything } from './grants.js';
import { SANDBOX_KEY_GRANTS, SANDBOX_LIMITED_KEY_GRANTS } from './sandbox-keys.js';

/** A small catalog: property code to chain code, as the API builds it at start. */
const chainOf = (propertyCode: string): string | undefined =>
  ({ ACME001: 'ACME', ACME002: 'ACME', BLUE001: 'BLUE', BLUE003: 'BLUE' })[propertyCode];

const holding = (...grants: Grant[]) => ({ grants });

describe('parseGrant', () => {
  it('reads the three forms maintainers type', () => {
    expect(parseGrant('all')).toEqual({ kind: 'all' });
    expect(parseGrant('chain:ACME')).toEqual({ kind: 'chain', code: 'ACME' });
    expect(parseGrant('property:ACME001')).toEqual({ kind: 'property', code: 'ACME001' });
  });

  it.each(['', 'everything', 'chain:', 'chain', 'hotel:ACME001', 'property:ACME 001', 'all:ACME'])('rejects "%s" clearly', (text) => {
    expect(() => parseGrant(text)).toThrow(`Invalid grant "${text}": expected all, chain:CODE or property:CODE`);
  });

  it('round-trips through formatGrant', () => {
    for (const text of ['all', 'chain:BLUE', 'property:MEGA0001']) expect(formatGrant(parseGrant(text))).toBe(text);
  });
});

describe('canReadProperty', () => {
  it('lets a property grant read that property only', () => {
    const key = holding({ kind: 'property', code: 'ACME001' });
    expect(canReadProperty(key, 'ACME001', chainOf)).toBe(true);
    expect(canReadProperty(key, 'ACME002', chainOf)).toBe(false);
  });

  it('lets a chain grant read every property of that chain and no other', () => {
    const key = holding({ kind: 'chain', code: 'ACME' });
    expect(canReadProperty(key, 'ACME001', chainOf)).toBe(true);
    expect(canReadProperty(key, 'ACME002', chainOf)).toBe(true);
    expect(canReadProperty(key, 'BLUE001', chainOf)).toBe(false);
    expect(canReadProperty(key, 'NOPE999', chainOf)).toBe(false);
  });

  it('lets an all grant read any code, known or not', () => {
    const key = holding({ kind: 'all' });
    expect(canReadProperty(key, 'BLUE003', chainOf)).toBe(true);
    expect(canReadProperty(key, 'NOPE999', chainOf)).toBe(true);
  });

  it('gives the limited sandbox key ACME001 and chain BLUE only', () => {
    const limited = { grants: SANDBOX_LIMITED_KEY_GRANTS };
    expect(canReadProperty(limited, 'ACME001', chainOf)).toBe(true);
    expect(canReadProperty(limited, 'ACME002', chainOf)).toBe(false);
    expect(canReadProperty(limited, 'BLUE003', chainOf)).toBe(true);
    expect(canReadProperty(limited, 'NOPE999', chainOf)).toBe(false);
  });

  it('does not consult the catalog when no chain grant needs it', () => {
    const unreachable = (): string => {
      throw new Error('chainOf should not be called');
    };
    expect(canReadProperty(holding({ kind: 'property', code: 'ACME001' }), 'ACME002', unreachable)).toBe(false);
  });
});

describe('canReadChain', () => {
  it('is true for an all grant or that chain, false for a property grant in it', () => {
    expect(canReadChain(holding({ kind: 'all' }), 'ACME')).toBe(true);
    expect(canReadChain(holding({ kind: 'chain', code: 'BLUE' }), 'BLUE')).toBe(true);
    expect(canReadChain(holding({ kind: 'chain', code: 'BLUE' }), 'ACME')).toBe(false);
    expect(canReadChain(holding({ kind: 'property', code: 'ACME001' }), 'ACME')).toBe(false);
  });

  it('gives the limited sandbox key chain BLUE but not ACME', () => {
    expect(canReadChain({ grants: SANDBOX_LIMITED_KEY_GRANTS }, 'BLUE')).toBe(true);
    expect(canReadChain({ grants: SANDBOX_LIMITED_KEY_GRANTS }, 'ACME')).toBe(false);
  });
});

describe('readsEverything', () => {
  it('is true only with an all grant', () => {
    expect(readsEverything({ grants: SANDBOX_KEY_GRANTS })).toBe(true);
    expect(readsEverything({ grants: SANDBOX_LIMITED_KEY_GRANTS })).toBe(false);
    expect(readsEverything(holding({ kind: 'chain', code: 'ACME' }))).toBe(false);
  });
});
