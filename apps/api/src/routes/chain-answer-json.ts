import { AvailabilityMultiResponse, Hotel } from '@hotelapi/domain';
import { z } from 'zod';
import { yieldWhenSliceSpent } from '../services/admission/time-slices.js';
import { jsonWriter } from '../http/serialization/compiled-serializer.js';

const writeHotel = jsonWriter(Hotel);

/** Each answer's bytes, written once for every request it is shared with, and gone with the answer. */
const written = new WeakMap<AvailabilityMultiResponse, Promise<Buffer>>();

/**
 * A chain answer as JSON, written by its schema as every response is, but hotel by hotel
 * with the event loop given turns in between. Done in one go (as the route's serializer would),
 * 500 hotels are one long synchronous block, and every other request of the instance waits
 * for it. The bytes are also what identical requests share:
 * encoded once, in UTF-8. As text, an answer with one character beyond Latin-1 (a currency
 * symbol such as €) is held by V8 in two bytes a character, twice its size, and is measured
 * and encoded again for every request it is sent to.
 */
export function chainAnswerJson(answer: AvailabilityMultiResponse): Promise<Buffer> {
  let json = written.get(answer);
  if (!json) {
    json = writeInSlices(answer);
    written.set(answer, json);
  }
  return json;
}

async function writeInSlices(answer: AvailabilityMultiResponse): Promise<Buffer> {
  // Everything but the hotels, checked and written at once (it is small); hotels come first in the schema.
  const rest = JSON.stringify(z.encode(AvailabilityMultiResponse, { ...answer, hotels: [] })).slice('{"hotels":[],'.length);
  // Each hotel encoded as it is written: joined as text first, a MEGA answer (two bytes a
  // character, for its €) was copied twice more at a megabyte each before it was encoded.
  const parts: Buffer[] = [Buffer.from('{"hotels":[')];
  for (const [index, hotel] of answer.hotels.entries()) {
    await yieldWhenSliceSpent();
    parts.push(Buffer.from(index === 0 ? writeHotel(hotel) : `,${writeHotel(hotel)}`));
  }
  parts.push(Buffer.from(`],${rest}`));
  return Buffer.concat(parts);
}
