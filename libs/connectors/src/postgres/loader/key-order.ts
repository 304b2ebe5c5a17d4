/** Text in JavaScript's `<` order (by UTF-16 code unit): the one order every writer sorts its keys in. */
export const byText = (a: string, b: string): number => (a === b ? 0 : a < b ? -1 : 1);

/**
 * The last record of each key (ON CONFLICT may not touch a row twice), sorted by key: the ARI-sized tables' rows are locked in one order by every
 * writer, so two pushes touching the same rows wait for each other instead of deadlocking.
 * (Rooms and rate plans keep file order: it is their position.) Keys are compared field by field,
 * not made into a string per record (a load's batches hold millions); the sort is stable, so of
 * equal keys the last in the batch is the one kept.
 */
export function lastInKeyOrder<R>(records: readonly R[], compare: (a: R, b: R) => number): R[] {
  const sorted = [...records].sort(compare);
  const last: R[] = [];
  for (let at = 0; at < sorted.length; at++) {
    const record = sorted[at] as R;
    if (at + 1 === sorted.length || compare(record, sorted[at + 1] as R) !== 0) last.push(record);
  }
  return last;
}

