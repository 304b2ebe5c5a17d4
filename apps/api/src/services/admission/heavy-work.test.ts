import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { declareCache } from '@hotelapi/caches';
import { HeavyWorkAdmission, type HeavyWorkRefusal } from './heavy-work.js';

const SETTINGS = { concurrency: 1, queue: 8, maxWaitMs: 5_000, perCaller: 2 };
const SHARING = {
  cache: declareCache({ name: 'test-heavy-work', key: 'the test question', max: 16, invalidation: 'none: answers in progress only' }),
  ttlMs: 0,
};

describe('heavy-work admission', () => {
  it("gives a caller its places and refuses one more with 429 at once, before it queues; others' places are their own", async () => {
    const refusals: HeavyWorkRefusal[] = [];
    const admit = new HeavyWorkAdmission(SETTINGS, (reason) => refusals.push(reason)).ofKind<string>(SHARING);
    const first = admit({ caller: 'key:a', key: '1' }, () => delay(30, 'one'));
    const second = admit({ caller: 'key:a', key: '2' }, () => delay(1, 'two'));
    await expect(admit({ caller: 'key:a', key: '3' }, () => delay(1, 'three'))).rejects.toMatchObject({ code: 'too_many_concurrent_requests', status: 429 });
    const other = admit({ caller: 'key:b', key: '4' }, () => delay(1, 'four'));
    expect(await Promise.all([first, second, other])).toEqual(['one', 'two', 'four']);
    expect(refusals).toEqual(['concurrency_cap']);
    // Places come back as jobs end, whether they answered or failed.
    await expect(admit({ caller: 'key:a', key: '5' }, () => Promise.reject(new Error('source down')))).rejects.toThrow('source down');
    expect(await admit({ caller: 'key:a', key: '6' }, () => delay(1, 'six'))).toBe('six');
  });

  it('lets an identical question share the answer in progress without taking a place', async () => {
    let runs = 0;
    const admit = new HeavyWorkAdmission({ ...SETTINGS, perCaller: 1 }).ofKind<string>(SHARING);
    const compute = async () => {
      runs += 1;
      return delay(20, 'answer');
    };
    const answers = await Promise.all([admit({ caller: 'key:a', key: 'same' }, compute), admit({ caller: 'key:a', key: 'same' }, compute)]);
    expect(answers).toEqual(['answer', 'answer']);
    expect(runs).toBe(1);
  });

  it('shares one gate between kinds of work: one at a time, the rest queued', async () => {
    const admission = new HeavyWorkAdmission({ ...SETTINGS, perCaller: 8 });
    const searches = admission.ofKind<string>(SHARING);
    const calendars = admission.ofKind<string>(SHARING);
    let running = 0;
    let most = 0;
    const job = (answer: string) => async () => {
      most = Math.max(most, ++running);
      await delay(5);
      running -= 1;
      return answer;
    };
    const answers = await Promise.all([
      searches({ caller: 'a', key: '1' }, job('s1')),
      calendars({ caller: 'a', key: '1' }, job('c1')),
      searches({ caller: 'b', key: '2' }, job('s2')),
    ]);
    expect(answers).toEqual(['s1', 'c1', 's2']);
    expect(most).toBe(1);
  });
});
