import { AriRecord } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { plainAri } from './plain-ari.js';

const ok = { type: 'ari', property: 'ACME001', room: 'DBL', date: '2028-02-29', priceFactor: 1.1, roomsLeft: 0, stopSell: ['BAR', 'NRF'] };

describe('plainAri', () => {
  it('takes a well-formed ARI record as it is, as the schema would', () => {
    expect(plainAri(ok)).toBe(ok);
    expect(AriRecord.parse(ok)).toEqual(ok);
  });

  it('leaves to the schema everything it might refuse, and accepts nothing the schema refuses', () => {
    const odd: unknown[] = [
      { ...ok, extra: 1 },
      { ...ok, date: '2027-02-29' },
      { ...ok, date: '2027-1-01' },
      { ...ok, priceFactor: 0 },
      { ...ok, priceFactor: Number.POSITIVE_INFINITY },
      { ...ok, roomsLeft: 1.5 },
      { ...ok, roomsLeft: -1 },
      { ...ok, room: '' },
      { ...ok, property: 'A B' },
      { ...ok, stopSell: ['ok', 3] },
      { ...ok, stopSell: 'BAR' },
      JSON.parse('{"type":"ari","property":"P","room":"R","date":"2027-01-01","priceFactor":1,"roomsLeft":1,"stopSell":[],"__proto__":{}}'),
      { type: 'night', property: 'ACME001', date: '2027-01-01', demandFactor: 1, minStay: 1 },
      [ok],
      null,
    ];
    for (const value of odd) {
      expect(plainAri(value), JSON.stringify(value)).toBeUndefined();
    }
    for (const value of odd.slice(0, 11)) expect(AriRecord.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});
