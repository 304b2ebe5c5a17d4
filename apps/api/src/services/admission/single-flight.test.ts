import { describe, expect, it } from 'vitest';
import { declareCache } from '@hotelapi/caches';
import { sharedAnswers } from './single-flight.js';

let declared = 0;

/** Answers that are strings, weighed by their length; counts the computations run. */
function counted(maxSize: number, keepAskedAgain = false) {
  let runs = 0;
  declared += 1;
  const cache = declareCache({ name: `test-shared-answers-${declared}`, key: 'the test key', max: 64, maxSize: { limit: maxSize, unit: 'characters' }, invalidation: 'expires' });
  const shared = sharedAnswers<string>({ cache, ttlMs: 60_000, sizeOf: (answer) => answer.length, keepAskedAgain });
  const ask = (key: string, answer: string) =>
    shared(key, async () => {
      runs += 1;
      return answer;
    });
  return { ask, runs: () => runs };
}

describe('shared answers', () => {
  it('share one computation among identical requests, in progress and for the TTL after it', async () => {
    const { ask, runs } = counted(1_000);
    expect(await Promise.all([ask('a', 'x'.repeat(10)), ask('a', 'other')])).toEqual(['x'.repeat(10), 'x'.repeat(10)]);
    expect(await ask('a', 'other')).toBe('x'.repeat(10));
    expect(runs()).toBe(1);
  });

  it('keep finished answers within their size bound, the least recently used going first', async () => {
    const { ask, runs } = counted(100);
    await ask('a', 'a'.repeat(40));
    await ask('b', 'b'.repeat(40));
    await ask('c', 'c'.repeat(40)); // 120 > 100: "a" goes
    expect(runs()).toBe(3);
    await ask('b', 'again');
    await ask('c', 'again');
    expect(runs()).toBe(3);
    expect(await ask('a', 'recomputed')).toBe('recomputed');
    expect(runs()).toBe(4);
  });

  it('do not keep an answer larger than the whole bound, and still answer it', async () => {
    const { ask, runs } = counted(100);
    expect(await ask('big', 'z'.repeat(500))).toBe('z'.repeat(500));
    expect(await ask('big', 'small')).toBe('small');
    expect(runs()).toBe(2);
  });

  it('with keepAskedAgain, keep an answer only from the second time its question is asked', async () => {
    const { ask, runs } = counted(1_000, true);
    expect(await Promise.all([ask('a', 'first'), ask('a', 'other')])).toEqual(['first', 'first']);
    expect(await ask('a', 'second')).toBe('second');
    expect(await ask('a', 'third')).toBe('second');
    expect(runs()).toBe(2);
  });
});
