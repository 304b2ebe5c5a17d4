import { describe, expect, it } from 'vitest';
import { judgeChannels, parityStatus, summarizeParity } from './index.js';

describe('parityStatus', () => {
  it.each([
    // direct, channel, tolerance, status
    [100, 101.01, 1, 'WIN'],
    [100, 101, 1, 'MEET'],
    [100, 99, 1, 'MEET'],
    [100, 98.99, 1, 'LOSE'],
    [100, 100, 0, 'MEET'],
    [100, 100.01, 0, 'WIN'],
    [100, 99.99, 0, 'LOSE'],
    [100, 0, 100, 'MEET'],
    [100, 200, 100, 'MEET'],
    [100, 200.01, 100, 'WIN'],
    [80, 90, 10, 'WIN'],
  ] as const)('direct %d, channel %d, tolerance %d%% → %s', (direct, channel, tolerance, status) => {
    expect(parityStatus(direct, channel, tolerance)).toBe(status);
  });

  it('refuses a tolerance outside 0..100', () => {
    expect(() => parityStatus(100, 100, -1)).toThrow(RangeError);
    expect(() => parityStatus(100, 100, 101)).toThrow(RangeError);
    expect(() => parityStatus(100, 100, Number.NaN)).toThrow(RangeError);
  });
});

describe('judgeChannels', () => {
  it('judges every channel against the direct price, and none without one', () => {
    const channels = [
      { channel: 'OTA_01', price: 90 },
      { channel: 'CRS_01', price: 100.5 },
    ] as const;
    expect(judgeChannels({ direct: 100, channels }, 1)).toEqual([
      { channel: 'OTA_01', price: 90, status: 'LOSE' },
      { channel: 'CRS_01', price: 100.5, status: 'MEET' },
    ]);
    expect(judgeChannels({ direct: null, channels }, 1)).toEqual([]);
  });
});

describe('summarizeParity', () => {
  it('gives shares of dates won, met and lost and the largest undercut with its date', () => {
    const day = (date: string, direct: number, price: number) => ({
      date,
      direct,
      channels: judgeChannels({ direct, channels: [{ channel: 'OTA_02', price }] }, 1),
    });
    const summary = summarizeParity(
      [day('2027-01-01', 100, 120), day('2027-01-02', 100, 95), day('2027-01-03', 200, 180), day('2027-01-04', 100, 100)],
      'EUR',
    );
    expect(summary).toEqual([
      { channel: 'OTA_02', dates: 4, won: 0.25, met: 0.25, lost: 0.5, largestUndercut: { date: '2027-01-03', amount: 20, percent: 10 } },
    ]);
  });

  it('has no undercut for a channel that never loses, and rounds amounts to the currency', () => {
    const direct = 1000;
    const summary = summarizeParity([{ date: '2027-01-01', direct, channels: judgeChannels({ direct, channels: [{ channel: 'CRS_02', price: 1005 }] }, 1) }], 'JPY');
    expect(summary[0]).toMatchObject({ won: 0, met: 1, lost: 0, largestUndercut: null });
    const lost = summarizeParity([{ date: '2027-01-01', direct: 1000, channels: judgeChannels({ direct: 1000, channels: [{ channel: 'OTA_01', price: 900.4 }] }, 1) }], 'JPY');
    expect(lost[0].largestUndercut).toEqual({ date: '2027-01-01', amount: 100, percent: 10 });
  });
});
