import { describe, expect, it } from 'vitest';
import { parseRecordLine } from './parse-record.js';

const ARI = { type: 'ari', property: 'TEST001', room: 'DBL', date: '2028-02-29', priceFactor: 1.1, roomsLeft: 0, stopSell: ['BAR', 'NRF'] };

describe('parseRecordLine', () => {
  it('gives a room night as the schema reads it, an empty stop-sell list included', () => {
    expect(parseRecordLine(JSON.stringify(ARI), 1)).toEqual(ARI);
    expect(parseRecordLine(JSON.stringify({ ...ARI, stopSell: [] }), 2)).toEqual({ ...ARI, stopSell: [] });
  });

  it('refuses a figure JSON reads as infinite, naming its line and field', () => {
    const line = JSON.stringify(ARI).replace('"roomsLeft":0', '"roomsLeft":1e999');
    expect(() => parseRecordLine(line, 3)).toThrow(expect.objectContaining({ line: 3, field: 'roomsLeft' }));
  });

  it('refuses a line that is not JSON, naming its line', () => {
    expect(() => parseRecordLine('{"type":', 4)).toThrow(expect.objectContaining({ line: 4, field: '(line)' }));
  });
});
