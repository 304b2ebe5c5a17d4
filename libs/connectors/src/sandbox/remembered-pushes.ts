import { declareCache } from '@hotelapi/caches';
import { IdempotencyConflictError } from '../errors.js';
import type { IdempotentWrite, WriteOutcome, WriteReceipt } from '../ports/data-writer.js';

const REMEMBERED_PUSHES = declareCache({
  name: 'sandbox-idempotency-keys',
  key: 'API key and Idempotency-Key of a push to the sandbox',
  max: 10_000,
  ttlSetting: 'IDEMPOTENCY_RETENTION_MS',
  invalidation: 'expires after the retention; lost at restart, with the pushes themselves',
});

/**
 * The sandbox's Idempotency-Keys: in memory, like its pushes, and lost with them at restart. A
 * sandbox write runs to its end without waiting, so no key is ever "in progress" here.
 */
export class RememberedPushes {
  private readonly pushes;

  constructor(retentionMs: number) {
    this.pushes = REMEMBERED_PUSHES.create<string, { readonly fingerprint: string; readonly receipt: WriteReceipt }>({ ttl: retentionMs });
  }

  /** The receipt of `write()`, or of the push the key already names. */
  run(idempotency: IdempotentWrite | undefined, write: () => WriteReceipt): WriteOutcome {
    if (!idempotency) return { receipt: write(), replayed: false };
    const name = `${idempotency.scope}\u0000${idempotency.key}`;
    const earlier = this.pushes.get(name);
    if (earlier) {
      if (earlier.fingerprint !== idempotency.fingerprint) throw new IdempotencyConflictError('different_body');
      return { receipt: earlier.receipt, replayed: true };
    }
    const receipt = write();
    this.pushes.set(name, { fingerprint: idempotency.fingerprint, receipt });
    return { receipt, replayed: false };
  }
}
