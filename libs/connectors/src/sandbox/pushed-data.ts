import type { NumberedRecord } from '../data-format/parse-record.js';
import { RecordError } from '../data-format/record-error.js';
import type { DataRecordType, RecordOf } from '@hotelapi/domain';
import { parseIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../pricing/rate-rules.js';
import type { WriteReceipt } from '../ports/data-writer.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';

/** The record types a push may bring to the sandbox: what channel managers and rate shoppers send. */
export const SANDBOX_PUSHED_TYPES: ReadonlySet<DataRecordType> = new Set(['night', 'ari', 'channelShop']);

/**
 * Most pushed figures the sandbox keeps (nights, room nights and channel collections together):
 * pushes live in memory, which must stay bounded whatever clients send.
 */
export const SANDBOX_PUSHED_MAX = 100_000;

type ChannelShop = RecordOf<'channelShop'>;

/** A room night as pushed: its figures and the rate plans it stop-sells. */
interface PushedRoomNight extends RoomNightRates {
  readonly stopSell: ReadonlySet<string>;
}

/** What one property has been pushed. */
class PropertyPushes {
  readonly nights = new Map<EpochDay, NightRates>();
  readonly roomNights = new Map<string, PushedRoomNight>();
  /** Channel collections by stay and party, oldest first. */
  readonly shops = new Map<string, ChannelShop[]>();
  /** Bumped by every push: the key of everything computed from the property's figures. */
  version = 0;
}

const roomNightKey = (room: string, day: EpochDay) => `${room}|${day}`;

/** The stay and party a collection is for, as the shopper asks about them. */
export const shopKey = (arrival: string, nights: number, adults: number, children: number) => `${arrival}|${nights}|${adults}|${children}`;

/**
 * ARI, nights and channel collections pushed to the embedded sandbox (`POST /v1/data`), kept in
 * memory over the generated world: a pushed figure wins over the generated one, and everything
 * cached from a property's figures is keyed by its version here, so a push is served at once.
 * Lost at restart: the receipt says `durable: false`.
 */
export class SandboxPushes {
  private readonly byProperty = new Map<string, PropertyPushes>();
  private size = 0;

  constructor(private readonly findProperty: (code: string) => SandboxProperty | undefined) {}

  /** The property's push version: 0 until something is pushed for it. */
  versionOf(propertyCode: string): number {
    return this.byProperty.get(propertyCode)?.version ?? 0;
  }

  /** The generated calendar, with the property's pushed figures over it when it has any. */
  overlay(propertyCode: string, generated: AriCalendar): AriCalendar {
    const pushes = this.byProperty.get(propertyCode);
    if (!pushes) return generated;
    return {
      night: (day) => pushes.nights.get(day) ?? generated.night(day),
      roomNight: (room, day) => pushes.roomNights.get(roomNightKey(room, day)) ?? generated.roomNight(room, day),
      isStopSold: (room, ratePlan, day) => {
        const pushed = pushes.roomNights.get(roomNightKey(room, day));
        return pushed ? pushed.stopSell.has(ratePlan) : generated.isStopSold(room, ratePlan, day);
      },
    };
  }

  /** The collections pushed for a stay and party, oldest first. */
  shopsFor(propertyCode: string, key: string): readonly ChannelShop[] {
    return this.byProperty.get(propertyCode)?.shops.get(key) ?? [];
  }

  /**
   * Applies the records all or nothing: each is checked (a type the sandbox takes, a property,
   * room and rate plan it has, room left in memory) before any is kept.
   */
  write(records: readonly NumberedRecord[]): WriteReceipt {
    for (const numbered of records) this.check(numbered);
    if (this.size + records.length > SANDBOX_PUSHED_MAX) {
      throw new RecordError(records[0]?.line ?? 1, '(record)', `the sandbox keeps at most ${SANDBOX_PUSHED_MAX} pushed records in memory; load more into PostgreSQL`);
    }
    const counts: Partial<Record<DataRecordType, number>> = {};
    const touched = new Set<PropertyPushes>();
    for (const { record } of records) {
      if (record.type !== 'night' && record.type !== 'ari' && record.type !== 'channelShop') continue;
      const pushes = this.pushesOf(record.property);
      touched.add(pushes);
      counts[record.type] = (counts[record.type] ?? 0) + 1;
      this.size += this.apply(pushes, record) ? 1 : 0;
    }
    for (const pushes of touched) pushes.version++;
    return { counts, dataVersion: this.version(), durable: false };
  }

  /** The sum of every property's version: grows with each push, like PostgreSQL's data version. */
  private version(): number {
    let version = 1;
    for (const pushes of this.byProperty.values()) version += pushes.version;
    return version;
  }

  private pushesOf(propertyCode: string): PropertyPushes {
    let pushes = this.byProperty.get(propertyCode);
    if (!pushes) {
      pushes = new PropertyPushes();
      this.byProperty.set(propertyCode, pushes);
    }
    return pushes;
  }

  /** Keeps one record; true when it added an entry rather than replacing one. */
  private apply(pushes: PropertyPushes, record: RecordOf<'night' | 'ari' | 'channelShop'>): boolean {
    switch (record.type) {
      case 'night': {
        const day = parseIsoDate(record.date);
        const added = !pushes.nights.has(day);
        pushes.nights.set(day, { demandFactor: record.demandFactor, minStay: record.minStay });
        return added;
      }
      case 'ari': {
        const key = roomNightKey(record.room, parseIsoDate(record.date));
        const added = !pushes.roomNights.has(key);
        pushes.roomNights.set(key, { priceFactor: record.priceFactor, roomsLeft: record.roomsLeft, stopSell: new Set(record.stopSell) });
        return added;
      }
      case 'channelShop': {
        const key = shopKey(record.arrival, record.nights, record.adults, record.children);
        const shops = pushes.shops.get(key) ?? [];
        // A collection is history: the same one pushed again adds nothing.
        if (shops.some((shop) => Date.parse(shop.collectedAt) === Date.parse(record.collectedAt))) return false;
        shops.push(record);
        shops.sort((a, b) => Date.parse(a.collectedAt) - Date.parse(b.collectedAt));
        pushes.shops.set(key, shops);
        return true;
      }
    }
  }

  private check({ line, record }: NumberedRecord): void {
    if (!SANDBOX_PUSHED_TYPES.has(record.type)) {
      throw new RecordError(line, 'type', `the sandbox takes only ${[...SANDBOX_PUSHED_TYPES].join(', ')} records; "${record.type}" records need CONNECTOR=postgres`);
    }
    if (record.type !== 'night' && record.type !== 'ari' && record.type !== 'channelShop') return;
    const sandbox = this.findProperty(record.property);
    if (!sandbox) throw new RecordError(line, 'property', `unknown property "${record.property}"`);
    const rooms = new Set(sandbox.property.rooms.map((room) => room.code));
    const plans = new Set(sandbox.ratePlans.map(({ plan }) => plan.code));
    const room = (code: string, field: string) => {
      if (!rooms.has(code)) throw new RecordError(line, field, `property ${record.property} has no room "${code}"`);
    };
    const plan = (code: string, field: string) => {
      if (!plans.has(code)) throw new RecordError(line, field, `property ${record.property} has no rate plan "${code}"`);
    };
    if (record.type === 'ari') {
      room(record.room, 'room');
      record.stopSell.forEach((code, index) => plan(code, `stopSell.${index}`));
    }
    if (record.type === 'channelShop') {
      record.prices.forEach((price, index) => {
        room(price.room, `prices.${index}.room`);
        plan(price.ratePlan, `prices.${index}.ratePlan`);
      });
    }
  }
}
