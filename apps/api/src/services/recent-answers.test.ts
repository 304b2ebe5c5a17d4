import { setTimeout as sleep } from 'node:timers/promises';
import { cacheFigures, declareCache, type CacheDeclaration } from '@hotelapi/caches';
import { connectorScope, currentConnectorScope, runInConnectorScope } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { RecentAnswers } from './recent-answers.js';

let declared = 0;
/** A cache of its own for each test, so that its lookups are its own. */
function answersCache(bounds: Partial<CacheDeclaration> = {}) {
  const name = `test-answers-${++declared}`;
  const cache = declareCache({ name, key: 'a question', max: 1_000, invalidation: 'expires', ...bounds });
  return { cache, lookups: () => cacheFigures().find((figures) => figures.name === name) };
}

/** Answers counted by computation: the n-th computation answers `${label} n`. */
function counted(ttlMs: number) {
  const { cache, lookups } = answersCache();
  const answers = new RecentAnswers<string>(cache, ttlMs);
  let runs = 0;
  const ask = (key: string, label = key) =>
    answers.answer(key, async () => {
      runs += 1;
      return `${label} ${runs}`;
    });
  return { ask, lookups, runs: () => runs };
}

describe('recent answers', () => {
  it('share an answer in progress, and keep it for the TTL once its question is asked again', async () => {
    const { ask, lookups, runs } = counted(60_000);
    expect(await Promise.all([ask('a'), ask('a')])).toEqual(['a 1', 'a 1']);
    // Asked once before: computed again, and now kept.
    expect(await ask('a')).toBe('a 2');
    expect(await ask('a')).toBe('a 2');
    expect(await ask('b')).toBe('b 3');
    expect(runs()).toBe(3);
    expect(lookups()).toMatchObject({ hits: 2, misses: 3, entries: 1 });
  });

  it('keep no answer to a question asked once', async () => {
    const { ask, lookups } = counted(60_000);
    for (const key of ['a', 'b', 'c']) await ask(key);
    expect(lookups()).toMatchObject({ hits: 0, misses: 3, entries: 0 });
  });

  it('compute again once the TTL has passed', async () => {
    const { ask } = counted(20);
    expect(await ask('a')).toBe('a 1');
    expect(await ask('a')).toBe('a 2');
    await sleep(60);
    expect(await ask('a')).toBe('a 3');
  });

  it('with a TTL of 0, share only a computation still in progress', async () => {
    const { ask } = counted(0);
    expect(await Promise.all([ask('a'), ask('a')])).toEqual(['a 1', 'a 1']);
    expect(await ask('a')).toBe('a 2');
  });

  it('keep answers within their weight, the least recently used going first', async () => {
    let runs = 0;
    const answers = new RecentAnswers<string>(answersCache({ maxSize: { limit: 10, unit: 'characters' } }).cache, 60_000, (answer) => answer.length);
    const ask = (key: string, answer: string) =>
      answers.answer(key, async () => {
        runs += 1;
        return answer;
      });
    // Each asked twice, so kept from its second asking.
    for (const key of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) await ask(key, key.repeat(4));
    // 12 > 10: "a" went.
    expect(await ask('b', 'again')).toBe('bbbb');
    expect(await ask('a', 'recomputed')).toBe('recomputed');
    expect(runs).toBe(7);
  });

  it('do not keep a failure: the next question is computed afresh', async () => {
    const answers = new RecentAnswers<string>(answersCache().cache, 60_000);
    await expect(answers.answer('a', () => Promise.reject(new Error('source down')))).rejects.toThrow('source down');
    expect(await answers.answer('a', async () => 'recovered')).toBe('recovered');
  });

  it('mark every request it is reused for stale when a kept (stale) answer went into it', async () => {
    const answers = new RecentAnswers<string>(answersCache().cache, 60_000);
    await answers.answer('a', async () => 'asked once before');
    const first = connectorScope(1_000);
    await runInConnectorScope(first, () =>
      answers.answer('a', async () => {
        // What the resilience layer does when it serves a kept answer in place of a failed call.
        const scope = currentConnectorScope();
        if (scope) scope.stale = true;
        return 'kept';
      }),
    );
    const second = connectorScope(1_000);
    expect(await runInConnectorScope(second, () => answers.answer('a', async () => 'fresh'))).toBe('kept');
    expect(second.stale).toBe(true);

    const fresh = connectorScope(1_000);
    await runInConnectorScope(fresh, () => answers.answer('b', async () => 'fresh'));
    const reader = connectorScope(1_000);
    await runInConnectorScope(reader, () => answers.answer('b', async () => 'other'));
    expect(reader.stale).toBe(false);
  });
});
