import type { RecordOf } from '@hotelapi/domain';
import { regexes } from 'zod';

const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const ARI_KEYS = 7;

/**
 * The record itself when it is an ARI record the schema accepts as it is, checked by hand:
 * ARI is nearly every line of a calendar push or load, and the schema's general checking costs
 * several times the parse. Anything else (another type, a field missing, extra or odd) is
 * undefined: the schema checks it and names what is wrong. Accepts nothing the schema refuses
 * (`AriRecord`, libs/domain/src/schemas/data-records.ts).
 */
export function plainAri(json: unknown): RecordOf<'ari'> | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const r = json as Record<string, unknown>;
  if (r['type'] !== 'ari') return undefined;
  const { property, room, date, priceFactor, roomsLeft, stopSell } = r;
  if (typeof property !== 'string' || !CODE.test(property) || typeof room !== 'string' || !CODE.test(room)) return undefined;
  if (typeof date !== 'string' || !regexes.date.test(date)) return undefined;
  if (typeof priceFactor !== 'number' || !Number.isFinite(priceFactor) || priceFactor <= 0) return undefined;
  if (typeof roomsLeft !== 'number' || !Number.isSafeInteger(roomsLeft) || roomsLeft < 0) return undefined;
  if (!Array.isArray(stopSell) || !stopSell.every((code) => typeof code === 'string' && CODE.test(code))) return undefined;
  // No other key: the schema is strict.
  let keys = 0;
  for (const key in r) if (Object.hasOwn(r, key)) keys++;
  if (keys !== ARI_KEYS || Object.getPrototypeOf(r) !== Object.prototype) return undefined;
  return r as RecordOf<'ari'>;
}
