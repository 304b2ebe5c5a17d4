import { randomBytes } from 'node:crypto';

/**
 * New event ids of 32 letters and digits: the time in milliseconds, then 92 random bits (unique
 * without coordination between instances). Ids come in about the order of their events. The
 * random bits of a whole write's events are drawn at once: one call, not one per event.
 */
export function newEventIds(count: number): string[] {
  const time = Date.now().toString(36).padStart(9, '0');
  const random = randomBytes(12 * count).toString('hex');
  return Array.from({ length: count }, (_, index) => `evt_${time}${random.slice(24 * index, 24 * index + 23)}`);
}

export function newEventId(): string {
  return newEventIds(1)[0] as string;
}
