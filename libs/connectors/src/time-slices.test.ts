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
  it('gives every loop of the process the same next turn once the slice is spent', async () => {
    await spendSlice();
    const first = spendSlice();
    // A second loop (another batch, another request) asking within the same turn waits for the same one.
    expect(yieldWhenSliceSpent()).toBe(first);
    await first;
    // The turn came: a fresh slice, shared again.
    expect(yieldWhenSliceSpent()).toBeUndefined();
  });

  it('lets I/O and timers run between slices', async () => {
    await spendSlice();
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    await spendSlice();
    expect(immediateRan).toBe(true);
  });
});
