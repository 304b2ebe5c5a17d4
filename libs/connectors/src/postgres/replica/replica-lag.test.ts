import { describe, expect, it } from 'vitest';
import { lsnOf, ReplicaLagClock } from './replica-lag.js';

describe('ReplicaLagClock', () => {
  it('reads pg_lsn text as a byte position', () => {
    expect(lsnOf('0/0')).toBe(0n);
    expect(lsnOf('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnOf('B374D848')).toThrow(RangeError);
  });

  it('calls a replica current while the primary is idle, however long ago its last write was', () => {
    const clock = new ReplicaLagClock(10_000);
    clock.primaryAt(0, 500n);
    clock.primaryAt(60_000, 500n);
    expect(clock.lagMs(60_000, 500n)).toBe(0);
  });

  it('counts the time since the first primary position the replica has not reached', () => {
    const clock = new ReplicaLagClock(10_000);
    clock.primaryAt(0, 100n);
    clock.primaryAt(1_000, 200n);
    clock.primaryAt(2_000, 300n);
    expect(clock.lagMs(2_500, 150n)).toBe(1_500);
    expect(clock.lagMs(2_500, 300n)).toBe(0);
    // A replica that stopped receiving keeps falling behind, even with an idle primary.
    clock.primaryAt(30_000, 300n);
    expect(clock.lagMs(30_000, 250n)).toBe(28_000);
  });

  it('keeps samples for its window only, still reporting at least the window for a replica stuck before it', () => {
    const clock = new ReplicaLagClock(5_000);
    for (let at = 0; at <= 60_000; at += 1_000) clock.primaryAt(at, BigInt(at + 1));
    expect(clock.lagMs(60_000, 0n)).toBeGreaterThanOrEqual(5_000);
    expect(clock.lagMs(60_000, 59_500n)).toBe(0);
  });
});
