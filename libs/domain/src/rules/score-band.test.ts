import { describe, expect, it } from 'vitest';
import { scoreBand, toTenPointScale, weightedOverallScore } from './score-band.js';

describe('scoreBand', () => {
  it.each([
    [10, 'SUPERB'],
    [9, 'SUPERB'],
    [8.99, 'GOOD'],
    [7, 'GOOD'],
    [6.99, 'PASSABLE'],
    [5, 'PASSABLE'],
    [4.99, 'POOR'],
    [3, 'POOR'],
    [2.99, 'VERYPOOR'],
    [1, 'VERYPOOR'],
    [0, 'VERYPOOR'],
  ])('puts %d in %s (half-open bands)', (score10, band) => {
    expect(scoreBand(score10)).toBe(band);
  });

  it('refuses NaN instead of calling it VERYPOOR', () => {
    expect(() => scoreBand(Number.NaN)).toThrow(RangeError);
  });
});

describe('toTenPointScale', () => {
  it('keeps 10-point scores as they are', () => {
    expect(toTenPointScale(8.7, 10)).toBe(8.7);
    expect(toTenPointScale(10, 10)).toBe(10);
  });

  it('rescales 6- and 5-point scores', () => {
    expect(toTenPointScale(3, 6)).toBe(5);
    expect(toTenPointScale(4.25, 5)).toBe(8.5);
    expect(toTenPointScale(5, 5)).toBe(10);
  });

  it('rounds to one decimal, half away from zero', () => {
    expect(toTenPointScale(2.5, 6)).toBe(4.2); // 4.1666...
    expect(toTenPointScale(4.7, 6)).toBe(7.8); // 7.8333...
    expect(toTenPointScale(4.425, 5)).toBe(8.9); // 8.85, a tie
  });

  it('bands the rescaled score as it is shown: 5.4 out of 6 is 9.0, SUPERB', () => {
    expect(toTenPointScale(5.4, 6)).toBe(9);
    expect(scoreBand(toTenPointScale(5.4, 6))).toBe('SUPERB');
  });

  it('refuses a scale that is not out of a positive number', () => {
    expect(() => toTenPointScale(4, 0)).toThrow(RangeError);
    expect(() => toTenPointScale(4, -5)).toThrow(RangeError);
    expect(() => toTenPointScale(4, Number.NaN)).toThrow(RangeError);
  });
});

describe('weightedOverallScore', () => {
  it('weights each source by its review count', () => {
    expect(
      weightedOverallScore([
        { score10: 9, total: 300 },
        { score10: 6, total: 100 },
      ]),
    ).toBe(8.3); // (2700 + 600) / 400 = 8.25
  });

  it('lets a source without reviews weigh nothing', () => {
    expect(
      weightedOverallScore([
        { score10: 8.4, total: 12 },
        { score10: 2, total: 0 },
      ]),
    ).toBe(8.4);
  });

  it('is null when no source has reviews', () => {
    expect(weightedOverallScore([])).toBeNull();
    expect(weightedOverallScore([{ score10: 7, total: 0 }])).toBeNull();
  });

  it('rounds to one decimal', () => {
    expect(
      weightedOverallScore([
        { score10: 8, total: 2 },
        { score10: 9, total: 1 },
      ]),
    ).toBe(8.3); // 8.333...
  });
});
