import { randomUUID } from 'node:crypto';

/** A new event id: unique without coordination between instances. */
export function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}
