import { describe, expect, it } from 'vitest';
import { checkRecord, type NumberedRecord } from '../data-format/parse-record.js';
import { RecordError } from '../data-format/record-error.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:37Z');
const STAY = { checkIn: '2026-04-21', checkOut: '2026-04-24', adults: 2, children: 0 };
const numbered = (...records: object[]): NumberedRecord[] => records.map((record, index) => ({ line: index + 1, record: checkRecord(record, index + 1) }));

describe('pushes to the sandbox', () => {
  it('serves pushed room nights at once: a room sold out on one night of the stay is no longer offered', async () => {
    const connectors = createSandboxConnectors({ now: () => NOW });
    const before = await connectors.bookingEngine.getAvailability('ACME001', STAY);
    const offered = before.rates.find((rate) => rate.status === 'AVL');
    expect(offered).toBeDefined();
    const room = offered?.roomCode as string;
    const receipt = await connectors.writeRecords?.(numbered({ type: 'ari', property: 'ACME001', room, date: '2026-04-22', priceFactor: 1, roomsLeft: 0, stopSell: [] }));
    expect(receipt).toEqual({ receipt: { counts: { ari: 1 }, dataVersion: 2, durable: false }, replayed: false });
    const after = await connectors.bookingEngine.getAvailability('ACME001', STAY);
    expect(after.rates.filter((rate) => rate.roomCode === room).every((rate) => rate.status !== 'AVL')).toBe(true);
    // The other properties and rooms are as generated.
    expect(after.rates.filter((rate) => rate.roomCode !== room)).toEqual(before.rates.filter((rate) => rate.roomCode !== room));
  });

  it('prices a stay with pushed night and room-night factors', async () => {
    const connectors = createSandboxConnectors({ now: () => NOW });
    const before = (await connectors.rateShopper.shop('ACME002', STAY)).rates[0];
    expect(before).toBeDefined();
    const room = before?.roomCode as string;
    const nights = ['2026-04-21', '2026-04-22', '2026-04-23'];
    await connectors.writeRecords?.(numbered(...nights.map((date) => ({ type: 'ari', property: 'ACME002', room, date, priceFactor: 2, roomsLeft: 5, stopSell: [] }))));
    const after = (await connectors.rateShopper.shop('ACME002', STAY)).rates.find((rate) => rate.roomCode === room && rate.ratePlanCode === before?.ratePlanCode);
    expect(after?.total).toBeGreaterThan((before?.total ?? 0) * 1.5);
  });

  it('makes a pushed channel collection the latest, and keeps it in the stay history', async () => {
    const connectors = createSandboxConnectors({ now: () => NOW });
    const latest = await connectors.rateShopper.shop('ACME003', STAY);
    const rate = latest.rates[0];
    expect(rate).toBeDefined();
    const collectedAt = '2026-03-01T10:00:00Z';
    await connectors.writeRecords?.(
      numbered({
        type: 'channelShop',
        property: 'ACME003',
        arrival: STAY.checkIn,
        nights: 3,
        adults: 2,
        children: 0,
        collectedAt,
        prices: [{ room: rate?.roomCode, ratePlan: rate?.ratePlanCode, channel: 'OTA_01', price: 1 }],
      }),
    );
    const shopped = await connectors.rateShopper.shop('ACME003', STAY);
    expect(shopped.collectedAt?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(shopped.rates[0]?.channels).toEqual({ OTA_01: 1 });
    expect(shopped.rates.slice(1).every((other) => Object.keys(other.channels).length === 0)).toBe(true);
    const history = await connectors.rateShopper.shopHistory('ACME003', STAY);
    expect(history.at(-1)?.collectedAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    // Another party's shop is not this collection's.
    expect((await connectors.rateShopper.shop('ACME003', { ...STAY, adults: 1 })).collectedAt?.toISOString()).not.toBe('2026-03-01T10:00:00.000Z');
  });

  it('refuses the whole push for one bad record, naming its line and field, and keeps nothing', async () => {
    const connectors = createSandboxConnectors({ now: () => NOW });
    const before = await connectors.bookingEngine.getAvailability('ACME004', STAY);
    const room = before.rates[0]?.roomCode as string;
    const push = (...records: object[]) => connectors.writeRecords?.(numbered(...records)) ?? Promise.reject(new Error('no writer'));
    const good = { type: 'ari', property: 'ACME004', room, date: '2026-04-22', priceFactor: 1, roomsLeft: 0, stopSell: [] };
    await expect(push(good, { ...good, room: 'NOPE' })).rejects.toThrow(new RecordError(2, 'room', 'property ACME004 has no room "NOPE"'));
    await expect(push(good, { ...good, stopSell: ['NOPE'] })).rejects.toMatchObject({ line: 2, field: 'stopSell.0' });
    await expect(push(good, { ...good, property: 'NOPE001' })).rejects.toMatchObject({ line: 2, field: 'property' });
    await expect(push(good, { type: 'exchangeRate', base: 'EUR', currency: 'USD', asOf: '2026-03-01', rate: 1.1 })).rejects.toMatchObject({ line: 2, field: 'type' });
    expect(await connectors.bookingEngine.getAvailability('ACME004', STAY)).toEqual(before);
  });
});

describe('Idempotency-Keys in the sandbox', () => {
  it('replays the first receipt for the same key and body, and refuses the key for another body', async () => {
    const connectors = createSandboxConnectors({ now: () => NOW });
    const room = (await connectors.bookingEngine.getAvailability('ACME005', STAY)).rates[0]?.roomCode as string;
    const records = numbered({ type: 'ari', property: 'ACME005', room, date: '2026-04-22', priceFactor: 1, roomsLeft: 1, stopSell: [] });
    const key = { scope: 'key_sandbox', key: 'push-1', fingerprint: 'a' };
    const first = await connectors.writeRecords?.(records, key);
    expect(first?.replayed).toBe(false);
    expect(await connectors.writeRecords?.(records, key)).toEqual({ receipt: first?.receipt, replayed: true });
    await expect(connectors.writeRecords?.(records, { ...key, fingerprint: 'b' })).rejects.toMatchObject({ code: 'idempotency_conflict', reason: 'different_body' });
  });
});
