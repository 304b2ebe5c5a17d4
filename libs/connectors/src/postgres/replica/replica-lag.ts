/**
 * How far a streaming replica is behind, in time, from WAL positions: the primary's current LSN
 * is sampled with the time of sampling; a replica that has replayed up to some LSN lacks at most
 * what the primary wrote after the first sample beyond it. Unlike `now() -
 * pg_last_xact_replay_timestamp()`, this is 0 for a replica that has replayed everything while
 * the primary is idle, and keeps growing for one that stopped receiving (its own receive and
 * replay positions agree then, so comparing those two would call it current).
 */
export class ReplicaLagClock {
  /** Primary positions, oldest first, with when each was seen. */
  private readonly samples: { readonly at: number; readonly lsn: bigint }[] = [];

  /** @param keepMs how long samples are kept: lag beyond it is reported as at least this. */
  constructor(private readonly keepMs: number) {}

  /** The primary's current WAL position, seen at `at` (ms). */
  primaryAt(at: number, lsn: bigint): void {
    const last = this.samples.at(-1);
    // An idle primary: the position stands; the first time it was seen is what matters.
    if (!last || lsn > last.lsn) this.samples.push({ at, lsn });
    while (this.samples.length > 1 && this.samples[1] && at - this.samples[1].at > this.keepMs) this.samples.shift();
  }

  /**
   * Milliseconds the replica is behind at `now`, having replayed up to `replayed`: since the first
   * primary position it has not reached was seen (a lower bound, to one sampling interval); 0
   * when it has reached the latest one, or when no primary position is known yet.
   */
  lagMs(now: number, replayed: bigint): number {
    const missing = this.samples.find((sample) => sample.lsn > replayed);
    return missing ? Math.max(0, now - missing.at) : 0;
  }
}

/** `pg_lsn` text (`16/B374D848`) as a byte position. */
export function lsnOf(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new RangeError(`Not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
