import { DataRecord } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { checkRecord, parseRecordLine } from './parse-record.js';

const ARI = { type: 'ari', property: 'TEST001', room: 'DBL', date: '2028-02-29', priceFactor: 1.1, roomsLeft: 0, stopSell: ['BAR', 'NRF'] };
const NIGHT = { type: 'night', property: 'TEST001', date: '2027-01-10', demandFactor: 0.9, minStay: 1 };

/** Room nights and nights as a file may hold them, each one change away from a valid record. */
const VARIANTS: object[] = [
  ARI,
  { ...ARI, stopSell: [] },
  { ...ARI, extra: 1 },
  { ...ARI, stopSell: undefined },
  { ...ARI, stopSell: ['BAR', 'no spaces'] },
  { ...ARI, stopSell: 'BAR' },
  { ...ARI, date: '2027-02-29' },
  { ...ARI, date: '2027-1-10' },
  { ...ARI, property: 'x'.repeat(65) },
  { ...ARI, room: '' },
  { ...ARI, priceFactor: 0 },
  { ...ARI, priceFactor: '1' },
  { ...ARI, roomsLeft: -1 },
  { ...ARI, roomsLeft: 1.5 },
  { ...ARI, roomsLeft: 2 ** 53 },
  NIGHT,
  { ...NIGHT, minStay: 0 },
  { ...NIGHT, demandFactor: -1 },
  { ...NIGHT, room: 'DBL' },
  { ...NIGHT, date: '2027-13-01' },
];

describe('checkRecord', () => {
  it('accepts and refuses room nights and nights as the record schemas do, naming the same field', () => {
    for (const variant of VARIANTS) {
      const json = JSON.parse(JSON.stringify(variant)) as unknown;
      const schema = DataRecord.safeParse(json);
      if (schema.success) expect(checkRecord(json, 7), JSON.stringify(variant)).toEqual(schema.data);
      else {
        const field = schema.error.issues[0]?.path.join('.') || '(record)';
        expect(() => checkRecord(json, 7), JSON.stringify(variant)).toThrow(expect.objectContaining({ name: 'RecordError', line: 7, field }));
      }
    }
  });

  it('refuses a figure JSON reads as infinite, naming its line and field', () => {
    const line = JSON.stringify(ARI).replace('"roomsLeft":0', '"roomsLeft":1e999');
    expect(() => parseRecordLine(line, 3)).toThrow(expect.objectContaining({ line: 3, field: 'roomsLeft' }));
  });
});
