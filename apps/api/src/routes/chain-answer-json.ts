import { AvailabilityMultiResponse, Hotel } from '@hotelapi/domain';
import { z } from 'zod';
import { yieldWhenSliceSpent } from '../admission/time-slices.js';
import { jsonWriter } from '../http/serialization/compiled-serializer.js';

const writeHotel = jsonWriter(Hotel);

/**
 * A chain answer as JSON, written by its schema as every response is, but hotel by hotel
 * with the event loop given turns in between. Done in one go (as the route's serializer would),
 * 500 hotels cost one synchronous block of about 100 ms on a busy machine, and every other
 * request of the instance waits that long. The text is also what identical requests share.
 */
export async function chainAnswerJson(answer: AvailabilityMultiResponse): Promise<string> {
  // Everything but the hotels, checked and written at once (it is small); hotels come first in the schema.
  const rest = JSON.stringify(z.encode(AvailabilityMultiResponse, { ...answer, hotels: [] })).slice('{"hotels":[],'.length);
  const hotels: string[] = [];
  for (const hotel of answer.hotels) {
    await yieldWhenSliceSpent();
    hotels.push(writeHotel(hotel));
  }
  return `{"hotels":[${hotels.join(',')}],${rest}`;
}
