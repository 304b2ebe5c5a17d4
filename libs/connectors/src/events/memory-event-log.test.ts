import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../ports/event-log.js';
import { memoryEventLog } from './memory-event-log.js';

const loaded = (chain: string, property: string | null): NewEvent => ({
  type: 'data.loaded',
  data: { chain, property, source: 'push', counts: { ari: 1 }, dataVersion: 1 },
});

describe('memoryEventLog', () => {
  it('gives each event an id, a timestamp and a rising sequence, and lists them after a sequence', async () => {
    const log = memoryEventLog(() => new Date('2027-01-01T00:00:00Z'));
    const [first, second] = await log.append([loaded('ACME', 'ACME001'), loaded('ACME', 'ACME002')]);
    expect(first?.id).toMatch(/^evt_[a-z0-9]{32}$/);
    expect(first?.id).not.toBe(second?.id);
    expect([first?.data.sequence, second?.data.sequence]).toEqual([1, 2]);
    expect(first?.timestamp).toBe('2027-01-01T00:00:00.000Z');
    expect(await log.list({ after: 1, readable: 'all', limit: 10 })).toEqual([second]);
    expect(await log.newest()).toBe(2);
  });

  it('lists only what the grants may read, of the asked types and property', async () => {
    const log = memoryEventLog();
    await log.append([loaded('ACME', 'ACME001'), loaded('ACME', null), loaded('BETA', 'BETA001')]);
    const readable = { properties: ['BETA001'], chains: [] };
    expect((await log.list({ after: 0, readable, limit: 10 })).map((event) => event.data.property)).toEqual(['BETA001']);
    const acme = { properties: [], chains: ['ACME'] };
    expect((await log.list({ after: 0, readable: acme, limit: 10 })).map((event) => event.data.property)).toEqual(['ACME001', null]);
    expect(await log.list({ after: 0, readable: 'all', property: 'ACME001', types: ['rates.changed'], limit: 10 })).toEqual([]);
  });

  it('follows every event: counted by type, whole only for the types asked', async () => {
    const log = memoryEventLog();
    const priced: NewEvent = { type: 'rates.changed', data: { chain: 'ACME', property: 'ACME001', ranges: [{ from: '2027-01-01', to: '2027-01-02' }], rooms: ['DBL'] } };
    const [, , third] = await log.append([priced, priced, loaded('ACME', 'ACME001')]);
    expect(await log.follow({ after: 0, limit: 10, whole: ['data.loaded'] })).toEqual({ last: 3, read: 3, counts: { 'rates.changed': 2, 'data.loaded': 1 }, events: [third] });
    expect(await log.follow({ after: 1, limit: 1, whole: [] })).toEqual({ last: 2, read: 1, counts: { 'rates.changed': 1 }, events: [] });
    expect(await log.follow({ after: 3, limit: 10, whole: ['data.loaded'] })).toEqual({ last: 3, read: 0, counts: {}, events: [] });
  });

  it('names the properties of the types asked, each with its newest sequence, without their events', async () => {
    const log = memoryEventLog();
    const priced = (property: string): NewEvent => ({ type: 'rates.changed', data: { chain: 'ACME', property, ranges: [{ from: '2027-01-01', to: '2027-01-02' }], rooms: ['DBL'] } });
    await log.append([priced('ACME001'), priced('ACME002'), priced('ACME001'), loaded('ACME', 'ACME003'), loaded('ACME', null)]);
    const followed = await log.follow({ after: 0, limit: 10, whole: [], propertiesOf: ['rates.changed'] });
    expect(followed.events).toEqual([]);
    expect(followed.properties).toEqual(new Map([['ACME001', 3], ['ACME002', 2]]));
    expect((await log.follow({ after: 0, limit: 10, whole: [], propertiesOf: ['data.loaded'] })).properties).toEqual(new Map([['ACME003', 4]]));
  });

  it('tells listeners of appends, keeps at most its limit and prunes by age', async () => {
    let clock = new Date('2027-01-01T00:00:00Z');
    const log = memoryEventLog(() => clock, 2);
    let told = 0;
    const stop = log.onAppended(() => told++);
    await log.append([loaded('ACME', 'ACME001')]);
    clock = new Date('2027-01-02T00:00:00Z');
    await log.append([loaded('ACME', 'ACME002'), loaded('ACME', 'ACME003')]);
    stop();
    await log.append([loaded('ACME', 'ACME004')]);
    expect(told).toBe(2);
    expect(await log.oldestKept()).toBe(3);
    expect(await log.prune(new Date('2027-01-03T00:00:00Z'))).toBe(2);
    expect(await log.list({ after: 0, readable: 'all', limit: 10 })).toEqual([]);
  });
});
