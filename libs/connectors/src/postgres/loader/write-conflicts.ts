/**
 * SQLSTATEs of a transaction that lost a conflict with another writer (a deadlock, a serialization
 * failure, or a unique violation: the other added rows this one inserted as new, record-writer.ts):
 * nothing of it was applied, so running it again is safe.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001', '23505']);

/** Further runs of a write after a conflict before its last conflict is thrown to the caller. */
const CONFLICT_RETRIES = 2;

export function isWriteConflict(error: unknown): boolean {
  return CONFLICT_SQLSTATES.has((error as { code?: string } | undefined)?.code ?? '');
}

/** Runs `write` (a whole transaction) again while it loses conflicts, up to CONFLICT_RETRIES times. */
export async function retryingConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}
