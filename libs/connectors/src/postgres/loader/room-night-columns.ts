import type { RecordOf } from '@hotelapi/domain';
import { byText, lastInKeyOrder } from './key-order.js';

/** A batch's room nights, one at a time by position: what writing them and telling their changes read. */
export interface RoomNightRows {
  readonly length: number;
  property(at: number): string;
  room(at: number): string;
  date(at: number): string;
  priceFactor(at: number): number;
  roomsLeft(at: number): number;
  stopSell(at: number): readonly string[];
  /**
   * A column's values in this order, separated by commas, for `string_to_array`: codes and dates
   * hold no commas (their schemas), numbers are JavaScript's shortest round-trip text. One flat
   * string, made without an array or a piece per value (those would be old garbage, see below).
   */
  listed(column: 'property' | 'room' | 'date' | 'priceFactor' | 'roomsLeft'): string;
}

const NONE: readonly string[] = [];

/**
 * A batch of room nights (ARI records) kept as columns: numbers in typed arrays, codes and dates
 * as positions in the batch's own table of them. A record is copied in as it is added and then
 * dropped, so it dies young: a batch waits long enough for V8 to move objects to its old
 * generation, and a file's millions of records there would be garbage the heap grows for (by a
 * factor of what is live), the larger the faster they come. The columns are reused batch after batch.
 */
export class RoomNightColumns {
  length = 0;
  private texts: string[] = [];
  private readonly textAt = new Map<string, number>();
  private readonly properties: Int32Array;
  private readonly rooms: Int32Array;
  private readonly dates: Int32Array;
  private readonly priceFactors: Float64Array;
  private readonly roomsLefts: Int32Array;
  /** By position, the few room nights that stop-sell rate plans. */
  private readonly stopSells = new Map<number, readonly string[]>();
  /** Reused to list a column: codes and dates (the strings the batch holds), numbers. */
  private readonly listedTexts: string[] = [];
  private readonly listedNumbers: Float64Array;

  constructor(readonly capacity: number) {
    this.properties = new Int32Array(capacity);
    this.rooms = new Int32Array(capacity);
    this.dates = new Int32Array(capacity);
    this.priceFactors = new Float64Array(capacity);
    this.roomsLefts = new Int32Array(capacity);
    this.listedNumbers = new Float64Array(capacity);
  }

  /** Copies the record in: the writer flushes a batch when it is full. */
  add(record: RecordOf<'ari'>): void {
    const at = this.length;
    if (at === this.capacity) throw new Error('room night batch is full');
    this.properties[at] = this.textIndex(record.property);
    this.rooms[at] = this.textIndex(record.room);
    this.dates[at] = this.textIndex(record.date);
    this.priceFactors[at] = record.priceFactor;
    this.roomsLefts[at] = record.roomsLeft;
    if (record.stopSell.length > 0) this.stopSells.set(at, record.stopSell);
    this.length = at + 1;
  }

  /** Empties the batch for the next one. */
  clear(): void {
    this.length = 0;
    this.texts = [];
    this.textAt.clear();
    this.stopSells.clear();
  }

  /**
   * The batch's room nights in key order (property, night, room), the last of any key named
   * twice (ON CONFLICT may not touch a row twice): every writer locks rows in one order, so two
   * pushes touching the same rows wait for each other instead of deadlocking.
   */
  inKeyOrder(): RoomNightRows {
    const rank = this.textRanks();
    const { properties, dates, rooms } = this;
    const compare = (a: number, b: number) =>
      (rank[properties[a] as number] as number) - (rank[properties[b] as number] as number) ||
      (rank[dates[a] as number] as number) - (rank[dates[b] as number] as number) ||
      (rank[rooms[a] as number] as number) - (rank[rooms[b] as number] as number);
    const positions = Array.from({ length: this.length }, (_, at) => at);
    return this.rows(lastInKeyOrder(positions, compare));
  }

  private rows(order: readonly number[]): RoomNightRows {
    const { texts, properties, rooms, dates, priceFactors, roomsLefts, stopSells, listedTexts, listedNumbers } = this;
    const position = (at: number) => order[at] as number;
    const codes = { property: properties, room: rooms, date: dates };
    const numbers = { priceFactor: priceFactors, roomsLeft: roomsLefts };
    return {
      length: order.length,
      property: (at) => texts[properties[position(at)] as number] as string,
      room: (at) => texts[rooms[position(at)] as number] as string,
      date: (at) => texts[dates[position(at)] as number] as string,
      priceFactor: (at) => priceFactors[position(at)] as number,
      roomsLeft: (at) => roomsLefts[position(at)] as number,
      stopSell: (at) => stopSells.get(position(at)) ?? NONE,
      listed: (column) => {
        if (column === 'priceFactor' || column === 'roomsLeft') {
          const values = numbers[column];
          for (let at = 0; at < order.length; at++) listedNumbers[at] = values[position(at)] as number;
          return listedNumbers.subarray(0, order.length).join(',');
        }
        const values = codes[column];
        listedTexts.length = order.length;
        for (let at = 0; at < order.length; at++) listedTexts[at] = texts[values[position(at)] as number] as string;
        return listedTexts.join(',');
      },
    };
  }

  /** Each code's and date's place in text order. */
  private textRanks(): Int32Array {
    const sorted = this.texts.map((_, index) => index).sort((a, b) => byText(this.texts[a] as string, this.texts[b] as string));
    const rank = new Int32Array(this.texts.length);
    sorted.forEach((index, place) => (rank[index] = place));
    return rank;
  }

  private textIndex(text: string): number {
    let index = this.textAt.get(text);
    if (index === undefined) {
      index = this.texts.push(text) - 1;
      this.textAt.set(text, index);
    }
    return index;
  }
}
