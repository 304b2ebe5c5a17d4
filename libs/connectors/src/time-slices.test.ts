import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { yieldWhenSliceSpent } from './time-slices.js';

/** Runs synchronous work until the process's slice is spent; returns the turn to wait for. */
function spendSlice(): Promise<void> {
  for (;;) {
    const turn = yieldWhenSliceSpent();
    if (turn) return turn;
  }
}

describe('yieldWhenSliceSpent', () => {
  it('waits for the next turn once the slice is spent, and then gives a fresh one', async () => {
    await spendSlice();
    expect(yieldWhenSliceSpent()).toBeUndefined();
  });

  it('gives each turn to one waiting loop: the others, finding the slice spent, wait for the turns after', async () => {
    let turn = 0;
    let counting = true;
    const countTurns = () => {
      turn++;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const turnsWorked: number[] = [];
    const loop = async () => {
      await spendSlice();
      turnsWorked.push(turn);
      // A step of work as long as a slice: whoever wakes after it finds the slice spent.
      const start = performance.now();
      while (performance.now() - start < 5);
    };
    await Promise.all([loop(), loop(), loop()]);
    counting = false;
    expect(new Set(turnsWorked).size).toBe(3);
  });

  it('lets I/O and timers run between slices', async () => {
    await spendSlice();
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    await spendSlice();
    expect(immediateRan).toBe(true);
  });
});
