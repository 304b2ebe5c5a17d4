import { describe, expect, it } from 'vitest';
import { roundHalfAwayFromZero } from './decimal-rounding.js';

/** Deterministic PRNG (mulberry32) so the sweeps below test the same numbers on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds an integer count of 10^-fromDecimals units to toDecimals places, half away from zero, in exact integer arithmetic. */
function referenceRound(units: bigint, fromDecimals: number, toDecimals: number): number {
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  const magnitude = units < 0n ? -units : units;
  const quotient = magnitude / divisor + (2n * (magnitude % divisor) >= divisor ? 1n : 0n);
  return Number(`${units < 0n ? '-' : ''}${quotient}e-${toDecimals}`) || 0;
}

describe('roundHalfAwayFromZero', () => {
  it('rounds the decimal the caller sees, not its binary approximation', () => {
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(2.675, 2)).toBe(2.68);
    expect(roundHalfAwayFromZero(1.0005, 3)).toBe(1.001);
    expect(roundHalfAwayFromZero(10000.005, 2)).toBe(10000.01);
    expect(roundHalfAwayFromZero(8.345, 2)).toBe(8.35);
  });

  it('rounds ties away from zero on both sides', () => {
    expect(roundHalfAwayFromZero(0.5, 0)).toBe(1);
    expect(roundHalfAwayFromZero(2.5, 0)).toBe(3);
    expect(roundHalfAwayFromZero(-0.5, 0)).toBe(-1);
    expect(roundHalfAwayFromZero(-2.5, 0)).toBe(-3);
    expect(roundHalfAwayFromZero(-1.005, 2)).toBe(-1.01);
    expect(roundHalfAwayFromZero(-2.675, 2)).toBe(-2.68);
  });

  it('leaves values short of a tie alone', () => {
    expect(roundHalfAwayFromZero(1.0049, 2)).toBe(1);
    expect(roundHalfAwayFromZero(1.00499999999, 2)).toBe(1);
    expect(roundHalfAwayFromZero(-1.0049, 2)).toBe(-1);
    expect(roundHalfAwayFromZero(0.44999, 1)).toBe(0.4);
  });

  it('reads the decimal product of two amounts, not its noisy binary result', () => {
    // 0.75 * 0.7 is 0.525 exactly in decimal, but 0.5249999999999999 in binary.
    expect(0.75 * 0.7).toBeLessThan(0.525);
    expect(roundHalfAwayFromZero(0.75 * 0.7, 2)).toBe(0.53);
    expect(roundHalfAwayFromZero(0.35 * 0.7, 2)).toBe(0.25);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0.4, 0), 0)).toBe(true);
  });

  it('keeps integers, huge values and non-finite values as they are', () => {
    expect(roundHalfAwayFromZero(42, 2)).toBe(42);
    expect(roundHalfAwayFromZero(1e21, 2)).toBe(1e21);
    expect(roundHalfAwayFromZero(1.5e-7, 2)).toBe(0);
    expect(roundHalfAwayFromZero(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(roundHalfAwayFromZero(Number.NaN, 2)).toBeNaN();
  });

  it('agrees with exact integer arithmetic on 200,000 random three-decimal amounts', () => {
    const random = seededRandom(4217);
    const mismatches: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const units = BigInt(Math.floor((random() - 0.5) * 2e10));
      const value = Number(`${units}e-3`);
      if (roundHalfAwayFromZero(value, 2) !== referenceRound(units, 3, 2)) mismatches.push(String(value));
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with exact integer arithmetic on 200,000 random amount-times-rate products', () => {
    const random = seededRandom(20_260_101);
    const mismatches: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      // Amounts up to a million with cents, rates up to 200 with four decimals: 15 significant digits.
      const cents = BigInt(Math.floor(random() * 1e8));
      const rateUnits = BigInt(1 + Math.floor(random() * 2e6));
      const product = Number(`${cents}e-2`) * Number(`${rateUnits}e-4`);
      if (roundHalfAwayFromZero(product, 2) !== referenceRound(cents * rateUnits, 6, 2)) mismatches.push(`${cents}e-2 * ${rateUnits}e-4`);
    }
    expect(mismatches).toEqual([]);
  });
});
