import { createHash } from 'node:crypto';
import { ApiFailure } from '../../failures/api-failure.js';

/**
 * Cursors of `search_chain_availability`'s pages: opaque to the agent, they carry the next page's
 * first position and a fingerprint of the search they belong to, so a cursor sent with other
 * arguments is refused rather than paging through another answer.
 */
export function nextCursor(search: object, offset: number): string {
  return Buffer.from(`${offset}.${fingerprintOf(search)}`).toString('base64url');
}

/** The position a cursor starts at: 0 without one; a cursor that is not this search's is refused. */
export function offsetOf(search: object, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const [offset, fingerprint, ...rest] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (rest.length > 0 || !offset || !/^\d{1,6}$/.test(offset) || fingerprint !== fingerprintOf(search)) {
    throw new ApiFailure('parameter_invalid', 'cursor is not the nextCursor of this search: send it with the same other arguments, or leave it out.', { param: 'cursor' });
  }
  return Number(offset);
}

function fingerprintOf(search: object): string {
  return createHash('sha256').update(JSON.stringify(search)).digest('base64url').slice(0, 16);
}
