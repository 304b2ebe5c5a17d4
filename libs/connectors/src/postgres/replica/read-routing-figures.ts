/**
 * Where each PostgreSQL read routing in this process sends reads now, for the API's metrics
 * (read when scraped, like the caches' figures). No `pg` here: the sandbox imports this too.
 */

/** Where reads go: the replica, or the primary because the replica is down, lags, or was never reached. */
export type ReadTarget = 'replica' | 'primary';

export interface ReadRoutingFigures {
  /** The replica as `user@host:port/database` (no password). */
  readonly replica: string;
  readonly target: ReadTarget;
  /** Switches so far, by where reads went. */
  readonly switches: Readonly<Record<ReadTarget, number>>;
  /** The replica's last measured lag in seconds; undefined while it does not answer. */
  readonly lagSeconds: number | undefined;
}

const routings = new Set<WeakRef<{ figures(): ReadRoutingFigures }>>();

/** Called by each routing as it opens; it is forgotten when it closes (the function returned) or is collected. */
export function declareReadRouting(routing: { figures(): ReadRoutingFigures }): () => void {
  const reference = new WeakRef(routing);
  routings.add(reference);
  return () => routings.delete(reference);
}

/** Every open routing's figures (none without DATABASE_READ_URL). */
export function readRoutingFigures(): ReadRoutingFigures[] {
  const figures: ReadRoutingFigures[] = [];
  for (const reference of routings) {
    const routing = reference.deref();
    if (routing) figures.push(routing.figures());
    else routings.delete(reference);
  }
  return figures;
}
