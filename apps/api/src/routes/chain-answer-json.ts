import { Readable } from 'node:stream';
import { declareCache } from '@hotelapi/caches';
import { yieldWhenSliceSpent } from '@hotelapi/connectors';
import { AvailabilityMultiResponse, type Hotel } from '@hotelapi/domain';
import { z } from 'zod';
import { SENT_SLICE_BYTES } from '../http/plugins/sliced-sending.js';

/**
 * A chain answer's JSON in the slices it was written in, never joined into one buffer: a large
 * one is sent slice by slice anyway (sliced-sending.ts), and joining thousands of hotels' bytes
 * cost a copy into megabytes of fresh memory at every answer.
 */
export class ChainAnswerJson {
  readonly length: number;

  constructor(private readonly slices: readonly Buffer[]) {
    this.length = slices.reduce((bytes, slice) => bytes + slice.length, 0);
  }

  /** What a reply sends, its `Content-Length` being `length`: the bytes when they are few, else a stream of the slices. */
  body(): Buffer | Readable {
    return this.length <= SENT_SLICE_BYTES ? Buffer.concat(this.slices) : Readable.from(this.slices, { objectMode: false });
  }
}

/** Each answer's bytes, written once for every request it is shared with, and gone with the answer. */
const written = new WeakMap<AvailabilityMultiResponse, Promise<ChainAnswerJson>>();

/** Hotels written in one go between turns of the event loop: a few hundred kilobytes of JSON. */
const HOTELS_A_SLICE = 200;

/**
 * A chain answer as JSON, in slices of hotels with the event loop given turns in between. Done in
 * one go (as the route's serializer would), thousands of hotels are one long synchronous block,
 * and every other request of the instance waits for it. The bytes are also what identical
 * requests share: encoded once, in UTF-8. As text, an answer with one character beyond Latin-1 (a
 * currency symbol such as €) is held by V8 in two bytes a character, twice its size, and is
 * measured and encoded again for every request it is sent to.
 */
export function chainAnswerJson(answer: AvailabilityMultiResponse): Promise<ChainAnswerJson> {
  let json = written.get(answer);
  if (!json) {
    json = writeInSlices(answer);
    written.set(answer, json);
  }
  return json;
}

/**
 * Hotels as JSON.stringify writes them, but each hotel's fields that its catalog entry makes
 * (texts, photos, location, counts) written once and copied as bytes at every answer after, while
 * they are the same: they are most of a hotel's kilobyte, and an answer's currency symbol (€) made
 * V8 write the whole slice two bytes a character and encode it again into UTF-8. A Hotel is built
 * with the schema's properties in the schema's order and nothing else
 * (services/availability/hotel-offer.ts, and copies of it made by spreading), so the bytes are the
 * same (chain-answer-json.test.ts and the compiled serialisers' test compare them with zod's).
 */
async function writeInSlices(answer: AvailabilityMultiResponse): Promise<ChainAnswerJson> {
  // Everything but the hotels, checked and written at once (it is small); hotels come first in the schema.
  const rest = JSON.stringify(z.encode(AvailabilityMultiResponse, { ...answer, hotels: [] })).slice('{"hotels":[],'.length);
  const { hotels } = answer;
  const parts: Buffer[] = [Buffer.from('{"hotels":[')];
  for (let start = 0; start < hotels.length; start += HOTELS_A_SLICE) {
    await yieldWhenSliceSpent();
    const slice = new SliceBytes();
    for (let index = start; index < Math.min(hotels.length, start + HOTELS_A_SLICE); index++) {
      if (index > 0) slice.text(',');
      writeHotel(hotels[index], slice);
    }
    parts.push(slice.bytes());
  }
  parts.push(Buffer.from(`],${rest}`));
  return new ChainAnswerJson(parts);
}

/** A hotel's bytes made by its catalog entry, in the three runs between the fields a stay makes (targetUrl, minprice, symbol, rates). */
interface CatalogBytes {
  /** The fields written, compared with a hotel's before its bytes are used. */
  readonly fields: CatalogFields;
  /** `{"code":…` up to `"targetUrl":`. */
  readonly head: Buffer;
  /** `,"includeInWidgetSearch":…` up to `"minprice":`. */
  readonly afterTarget: Buffer;
  /** `,"nightsMin":…` up to `"symbol":`. */
  readonly afterPrice: Buffer;
  /** `,"photo":…` up to `"rates":`. */
  readonly afterSymbol: Buffer;
  /** afterPrice, the symbol last written and afterSymbol in one run: every hotel of an answer, and most answers, show one symbol. */
  withSymbol?: { readonly symbol: string; readonly bytes: Buffer };
}

type CatalogFields = Omit<Hotel, 'targetUrl' | 'minprice' | 'symbol' | 'rates'>;

/** A kilobyte or so a hotel: as many hotels as the kept ARI holds properties (two chains of 5,000), some 12 MB. */
const HOTEL_BYTES = declareCache({
  name: 'chain-answer-hotel-bytes',
  key: 'hotel code',
  max: 12_000,
  invalidation: 'checked at every use: a hotel whose catalog fields differ (another language, photo origin or data version) is written again',
});
const hotelBytes = HOTEL_BYTES.create<string, CatalogBytes>();

function writeHotel(hotel: Hotel, slice: SliceBytes): void {
  // Looked at, not used: an answer's thousands of hotels would each move to the front of the LRU list.
  let kept = hotelBytes.peek(hotel.code);
  if (!kept || !sameCatalogFields(kept.fields, hotel)) {
    kept = catalogBytes(hotel);
    hotelBytes.set(hotel.code, kept);
  }
  slice.copy(kept.head);
  slice.text(JSON.stringify(hotel.targetUrl));
  slice.copy(kept.afterTarget);
  slice.text(JSON.stringify(hotel.minprice));
  if (kept.withSymbol?.symbol !== hotel.symbol) {
    const { afterPrice, afterSymbol } = kept;
    kept.withSymbol = { symbol: hotel.symbol, bytes: Buffer.concat([afterPrice, Buffer.from(JSON.stringify(hotel.symbol)), afterSymbol]) };
  }
  slice.copy(kept.withSymbol.bytes);
  slice.text(JSON.stringify(hotel.rates));
  slice.byte(CLOSING_BRACE);
}

const CLOSING_BRACE = '}'.charCodeAt(0);

function catalogBytes(hotel: Hotel): CatalogBytes {
  const { code, name, description, url, includeInWidgetSearch, rating, nightsMin, nightsMax, photo, photoM, photoL, location, beds, bathrooms, bedrooms, noOfPhotos } = hotel;
  const fields: CatalogFields = { code, name, description, url, includeInWidgetSearch, rating, nightsMin, nightsMax, photo, photoM, photoL, location: { ...location }, beds, bathrooms, bedrooms, noOfPhotos };
  // Each run cut out of JSON.stringify's own writing of the fields around the stay's: the same escapes and number forms.
  const run = (written: object, from: string) => Buffer.from(`,${JSON.stringify(written).slice(1, -1)},"${from}":`);
  return {
    fields,
    head: Buffer.from(`{${JSON.stringify({ code, name, description, url }).slice(1, -1)},"targetUrl":`),
    afterTarget: run({ includeInWidgetSearch, rating }, 'minprice'),
    afterPrice: run({ nightsMin, nightsMax }, 'symbol'),
    afterSymbol: run({ photo, photoM, photoL, location, beds, bathrooms, bedrooms, noOfPhotos }, 'rates'),
  };
}

function sameCatalogFields(kept: CatalogFields, hotel: Hotel): boolean {
  return (
    kept.code === hotel.code &&
    kept.name === hotel.name &&
    kept.description === hotel.description &&
    kept.url === hotel.url &&
    kept.includeInWidgetSearch === hotel.includeInWidgetSearch &&
    kept.rating === hotel.rating &&
    kept.nightsMin === hotel.nightsMin &&
    kept.nightsMax === hotel.nightsMax &&
    kept.photo === hotel.photo &&
    kept.photoM === hotel.photoM &&
    kept.photoL === hotel.photoL &&
    kept.location.name === hotel.location.name &&
    Object.is(kept.location.lat, hotel.location.lat) &&
    Object.is(kept.location.lon, hotel.location.lon) &&
    kept.beds === hotel.beds &&
    kept.bathrooms === hotel.bathrooms &&
    kept.bedrooms === hotel.bedrooms &&
    kept.noOfPhotos === hotel.noOfPhotos
  );
}

/** A slice's bytes, written into one buffer that grows as needed: no buffer per hotel or per field. */
class SliceBytes {
  private buffer = Buffer.allocUnsafe(256 * 1024);
  private length = 0;

  copy(bytes: Buffer): void {
    this.room(bytes.length);
    this.length += bytes.copy(this.buffer, this.length);
  }

  byte(byte: number): void {
    this.room(1);
    this.buffer[this.length++] = byte;
  }

  text(text: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length);
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
