import type { DataRecord } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { dateRanges, WriteChanges } from './change-rules.js';
import { parseIsoDate } from '../pricing/calendar.js';

const chainOf = () => 'ACME';
const open = { priceFactor: 1, roomsLeft: 3, stopSell: [] };
const ari = (date: string, figures: Partial<typeof open> = {}): DataRecord => ({ type: 'ari', property: 'ACME001', room: 'DBL', date, ...open, ...figures });

describe('WriteChanges', () => {
  it('groups consecutive dates into ranges', () => {
    expect(dateRanges(['2027-01-03', '2027-01-01', '2027-01-02', '2027-01-05'].map(parseIsoDate))).toEqual([
      { from: '2027-01-01', to: '2027-01-03' },
      { from: '2027-01-05', to: '2027-01-05' },
    ]);
  });

  it('keeps the days a write changed as runs, however they arrive', () => {
    const changes = new WriteChanges('load');
    const days = ['2027-01-10', '2027-01-11', '2027-01-05', '2027-01-07', '2027-01-06', '2027-01-08', '2027-01-03', '2027-01-20', '2027-01-04', '2027-01-10'];
    for (const date of days) changes.roomNight({ property: 'ACME001', room: 'DBL', date, before: open, after: { ...open, priceFactor: 1.1 } });
    expect(changes.events(chainOf, 1)[0]?.data).toMatchObject({
      ranges: [
        { from: '2027-01-03', to: '2027-01-08' },
        { from: '2027-01-10', to: '2027-01-11' },
        { from: '2027-01-20', to: '2027-01-20' },
      ],
    });
  });

  it('tells only what really changed: prices, rooms sold out or opened, rate plans closed and reopened', () => {
    const changes = new WriteChanges('push');
    changes.roomNight({ property: 'ACME001', room: 'DBL', date: '2027-01-01', before: open, after: open });
    changes.roomNight({ property: 'ACME001', room: 'DBL', date: '2027-01-02', before: open, after: { ...open, priceFactor: 1.2 } });
    changes.roomNight({ property: 'ACME001', room: 'DBL', date: '2027-01-03', before: open, after: { ...open, roomsLeft: 0 } });
    changes.roomNight({ property: 'ACME001', room: 'TWN', date: '2027-01-03', before: { ...open, stopSell: ['NRF'] }, after: { ...open, stopSell: ['BAR'] } });
    changes.night({ property: 'ACME001', date: '2027-01-04', before: { demandFactor: 1, minStay: 1 }, after: { demandFactor: 1, minStay: 2 } });
    expect(changes.events(chainOf, 7)).toEqual([
      { type: 'rates.changed', data: { chain: 'ACME', property: 'ACME001', ranges: [{ from: '2027-01-02', to: '2027-01-02' }], rooms: ['DBL'] } },
      {
        type: 'availability.changed',
        data: {
          chain: 'ACME',
          property: 'ACME001',
          changes: [
            { from: '2027-01-03', to: '2027-01-03', room: 'DBL', ratePlan: null, state: 'soldOut' },
            { from: '2027-01-03', to: '2027-01-03', room: 'TWN', ratePlan: 'BAR', state: 'closed' },
            { from: '2027-01-03', to: '2027-01-03', room: 'TWN', ratePlan: 'NRF', state: 'open' },
          ],
        },
      },
    ]);
    expect(changes.parityChecks()).toEqual([
      { kind: 'nights', property: 'ACME001', from: '2027-01-02', to: '2027-01-02' },
      { kind: 'nights', property: 'ACME001', from: '2027-01-03', to: '2027-01-03' },
    ]);
  });

  it('counts what was loaded per property and chain, and asks parity about each collected stay', () => {
    const changes = new WriteChanges('load');
    const records: DataRecord[] = [
      ari('2027-01-01'),
      ari('2027-01-02'),
      { type: 'channelShop', property: 'ACME002', arrival: '2027-01-05', nights: 2, adults: 2, children: 0, collectedAt: '2027-01-01T06:00:00Z', prices: [] },
      { type: 'exchangeRate', base: 'EUR', currency: 'USD', asOf: '2027-01-01', rate: 1.1 },
    ];
    for (const record of records) changes.record(record);
    expect(changes.properties()).toEqual(['ACME001', 'ACME002']);
    expect(changes.events(chainOf, 9)).toEqual([
      { type: 'data.loaded', data: { chain: 'ACME', property: 'ACME001', source: 'load', counts: { ari: 2 }, dataVersion: 9 } },
      { type: 'data.loaded', data: { chain: 'ACME', property: 'ACME002', source: 'load', counts: { channelShop: 1 }, dataVersion: 9 } },
    ]);
    expect(changes.parityChecks()).toEqual([{ kind: 'stay', property: 'ACME002', arrival: '2027-01-05', nights: 2, adults: 2, children: 0 }]);
  });

  it('tells the same events and checks from runs set aside and taken back in order of first sight', () => {
    const tell = (changes: WriteChanges, from: number, to: number) => {
      for (let day = from; day < to; day++) {
        const date = `2027-01-${String(day).padStart(2, '0')}`;
        changes.roomNight({ property: 'ACME002', room: 'TWN', date, before: undefined, after: { ...open, roomsLeft: day % 3, stopSell: day % 4 === 0 ? ['BAR'] : [] } });
        changes.roomNight({ property: 'ACME001', room: 'DBL', date, before: open, after: { ...open, priceFactor: 1 + (day % 2) / 10 } });
      }
    };
    const held = new WriteChanges('load');
    tell(held, 1, 29);
    const aside = new WriteChanges('load');
    tell(aside, 1, 11);
    const runs = aside.setAside();
    tell(aside, 11, 29);
    runs.push(...aside.setAside());
    // As a store gives them back: by part, the property's then the key's first sight, then day.
    const seen = (pick: (run: (typeof runs)[number]) => string, order: (run: (typeof runs)[number]) => number) => {
      const first = new Map<string, number>();
      for (const run of runs) first.set(pick(run), Math.min(first.get(pick(run)) ?? Infinity, order(run)));
      return (run: (typeof runs)[number]) => first.get(pick(run)) as number;
    };
    const property = seen((run) => `${run.part} ${run.property}`, (run) => run.propertyOrder);
    const key = seen((run) => `${run.part} ${run.property} ${run.key}`, (run) => run.keyOrder);
    runs.sort((a, b) => a.part - b.part || property(a) - property(b) || key(a) - key(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.first ?? 0) - (b.first ?? 0));
    aside.takeBack(runs);
    expect(aside.events(chainOf, 3)).toEqual(held.events(chainOf, 3));
    expect(aside.parityChecks()).toEqual(held.parityChecks());
  });
});
