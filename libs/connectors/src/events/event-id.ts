import { randomUUID } from 'node:crypto';

/**
 * A new event id of 32 letters and digits: the time in milliseconds, then some 88 random bits
 * (unique without coordination between instances). Ids come in about the order of their
 * events, so PostgreSQL's unique index on them takes each new one at its end, not anywhere.
 */
export function newEventId(): string {
  return `evt_${Date.now().toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 23)}`;
}
