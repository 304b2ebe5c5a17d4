import { AvailabilityMultiResponse } from '@hotelapi/domain';
import { z } from 'zod';
import { yieldWhenSliceSpent } from '../services/admission/time-slices.js';

/** Each answer's bytes, written once for every request it is shared with, and gone with the answer. */
const written = new WeakMap<AvailabilityMultiResponse, Promise<Buffer>>();

/** Hotels written in one go between turns of the event loop: a few hundred kilobytes of JSON. */
const HOTELS_A_SLICE = 200;
const COMMA = Buffer.from(',');

/**
 * A chain answer as JSON, in slices of hotels with the event loop given turns in between. Done in
 * one go (as the route's serializer would), thousands of hotels are one long synchronous block,
 * and every other request of the instance waits for it. The bytes are also what identical
 * requests share: encoded once, in UTF-8. As text, an answer with one character beyond Latin-1 (a
 * currency symbol such as €) is held by V8 in two bytes a character, twice its size, and is
 * measured and encoded again for every request it is sent to.
 */
export function chainAnswerJson(answer: AvailabilityMultiResponse): Promise<Buffer> {
  let json = written.get(answer);
  if (!json) {
    json = writeInSlices(answer);
    written.set(answer, json);
  }
  return json;
}

/**
 * Hotels by V8's own JSON.stringify, several times faster than a writer compiled from the schema:
 * a Hotel is built with the schema's properties in the schema's order and nothing else
 * (services/availability/hotel-offer.ts, and copies of it made by spreading), so the bytes are the
 * same (chain-answer-json.test.ts and the compiled serialisers' test compare them with zod's).
 */
async function writeInSlices(answer: AvailabilityMultiResponse): Promise<Buffer> {
  // Everything but the hotels, checked and written at once (it is small); hotels come first in the schema.
  const rest = JSON.stringify(z.encode(AvailabilityMultiResponse, { ...answer, hotels: [] })).slice('{"hotels":[],'.length);
  const { hotels } = answer;
  const parts: Buffer[] = [Buffer.from('{"hotels":[')];
  for (let start = 0; start < hotels.length; start += HOTELS_A_SLICE) {
    await yieldWhenSliceSpent();
    const slice = Buffer.from(JSON.stringify(hotels.slice(start, start + HOTELS_A_SLICE)));
    // Each slice's array brackets (a byte each) dropped, slices joined by commas.
    if (start > 0) parts.push(COMMA);
    parts.push(slice.subarray(1, -1));
  }
  parts.push(Buffer.from(`],${rest}`));
  return Buffer.concat(parts);
}
