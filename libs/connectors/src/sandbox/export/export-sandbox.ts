import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordOf } from '@hotelapi/domain';
import { formatIsoDate, todayIn } from '../../pricing/calendar.js';
import type { Chain } from '../../ports/property-catalog.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { SandboxDataset } from '../dataset.js';
import { nightRatesAt } from '../pricing/nights.js';
import { SandboxRateShopper } from '../rate-shopper.js';
import { SandboxReviewsSource } from '../reviews-source.js';
import { CHAINS, chainsNamed } from '../world/chains.js';
import { EURO_EXCHANGE_RATES } from '../world/euro-exchange-rates.js';
import { JsonLinesFile } from './json-lines-file.js';

export interface SandboxExportOptions {
  /** Created when missing; must be empty when it exists. */
  readonly dir: string;
  /** Chain codes to export: the default world's chains by default; an extra chain (XL) only by name. */
  readonly chains?: readonly string[];
  /** Nights of ARI from today on (plus the night before, for zones behind): default 400. */
  readonly days?: number;
  /** Channel collections for every arrival from today to this many days ahead: default 30. */
  readonly shopDays?: number;
  /** ... for stays of 1 to this many nights: default 3. */
  readonly shopNights?: number;
  /** ... and these occupancies: default two adults, no children. */
  readonly occupancies?: readonly { readonly adults: number; readonly children: number }[];
  /** The instant the export is made at: prices, "today" and collection times follow it. */
  readonly now?: Date;
  /** Which files to write: all four by default. */
  readonly include?: readonly ExportPart[];
}

export type ExportPart = 'catalog' | 'ari' | 'channelShops' | 'reviews';

export interface ExportedFile {
  readonly path: string;
  readonly records: number;
}

/** The sandbox's exchange rates are frozen figures; this is the as-of date they are exported with. */
const EXCHANGE_RATES_AS_OF = '2025-01-01';

/**
 * Writes the sandbox world in the loader's JSON Lines format, one file per concern, named so a
 * folder load takes them in dependency order: catalog, ARI, channel collections, reviews.
 * Loaded into PostgreSQL, it answers every request the export covers exactly as the sandbox does.
 */
export async function exportSandbox(options: SandboxExportOptions): Promise<ExportedFile[]> {
  const { dir, days = 400, shopDays = 30, shopNights = 3, occupancies = [{ adults: 2, children: 0 }], now = new Date() } = options;
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty`);

  const { found, unknown } = chainsNamed(options.chains ?? CHAINS.map((chain) => chain.code));
  if (unknown.length > 0) throw new Error(`No sandbox chain ${unknown.join(', ')}`);
  const dataset = new SandboxDataset(found);
  const chains = dataset.chains;
  const properties = chains.flatMap((chain) => chain.propertyCodes.map((code) => dataset.requireProperty(code)));
  const included = (part: ExportPart) => !options.include || options.include.includes(part);
  const files: JsonLinesFile[] = [];

  if (included('catalog')) files.push(await writeCatalog(dir, chains, properties));
  if (included('ari')) files.push(await writeAri(dir, dataset, properties, now, days));
  if (included('channelShops')) files.push(await writeChannelShops(dir, dataset, properties, now, { shopDays, shopNights, occupancies }));
  if (included('reviews')) files.push(await writeReviews(dir, dataset, properties));
  return files.map(({ path, records }) => ({ path, records }));
}

async function writeCatalog(dir: string, chains: readonly Chain[], properties: readonly SandboxProperty[]): Promise<JsonLinesFile> {
  const catalog = new JsonLinesFile(join(dir, '01-catalog.jsonl'));
  for (const [currency, rate] of EURO_EXCHANGE_RATES) {
    await catalog.write({ type: 'exchangeRate', base: 'EUR', currency, asOf: EXCHANGE_RATES_AS_OF, rate } satisfies RecordOf<'exchangeRate'>);
  }
  for (const chain of chains) {
    await catalog.write({ type: 'chain', code: chain.code, name: chain.name, centre: chain.centre, widgetOrigins: [...chain.widgetOrigins] } satisfies RecordOf<'chain'>);
  }
  for (const sandbox of properties) for (const record of catalogRecords(sandbox)) await catalog.write(record);
  await catalog.close();
  return catalog;
}

async function writeAri(dir: string, dataset: SandboxDataset, properties: readonly SandboxProperty[], now: Date, days: number): Promise<JsonLinesFile> {
  const ari = new JsonLinesFile(join(dir, '02-ari.jsonl'));
  for (const sandbox of properties) {
    const calendar = dataset.calendarOf(sandbox);
    const first = todayIn(sandbox.property.timeZone, now) - 1;
    for (let day = first; day <= first + days; day++) {
      const date = formatIsoDate(day);
      const night = nightRatesAt(sandbox, day);
      await ari.write({ type: 'night', property: sandbox.property.code, date, ...night } satisfies RecordOf<'night'>);
      for (const { room } of sandbox.sellableRooms) {
        const roomNight = calendar.roomNight(room.code, day);
        if (!roomNight) continue;
        const stopSell = sandbox.ratePlans.filter(({ plan }) => calendar.isStopSold(room.code, plan.code, day)).map(({ plan }) => plan.code);
        await ari.write({ type: 'ari', property: sandbox.property.code, room: room.code, date, ...roomNight, stopSell } satisfies RecordOf<'ari'>);
      }
    }
  }
  await ari.close();
  return ari;
}

interface ShopWindow {
  readonly shopDays: number;
  readonly shopNights: number;
  readonly occupancies: readonly { readonly adults: number; readonly children: number }[];
}

async function writeChannelShops(
  dir: string,
  dataset: SandboxDataset,
  properties: readonly SandboxProperty[],
  now: Date,
  { shopDays, shopNights, occupancies }: ShopWindow,
): Promise<JsonLinesFile> {
  const shops = new JsonLinesFile(join(dir, '03-channel-shops.jsonl'));
  const shopper = new SandboxRateShopper(dataset, () => now);
  for (const sandbox of properties) {
    const today = todayIn(sandbox.property.timeZone, now);
    for (let arrival = today; arrival <= today + shopDays; arrival++) {
      for (let nights = 1; nights <= shopNights; nights++) {
        for (const { adults, children } of occupancies) {
          const stay = { checkIn: formatIsoDate(arrival), checkOut: formatIsoDate(arrival + nights), adults, children };
          const shop = await shopper.shop(sandbox.property.code, stay);
          await shops.write({
            type: 'channelShop',
            property: sandbox.property.code,
            arrival: stay.checkIn,
            nights,
            adults,
            children,
            collectedAt: (shop.collectedAt ?? now).toISOString(),
            prices: shop.rates.flatMap((rate) =>
              Object.entries(rate.channels).map(([channel, price]) => ({
                room: rate.roomCode,
                ratePlan: rate.ratePlanCode,
                channel: channel as RecordOf<'channelShop'>['prices'][number]['channel'],
                price: price as number,
              })),
            ),
          } satisfies RecordOf<'channelShop'>);
        }
      }
    }
  }
  await shops.close();
  return shops;
}

async function writeReviews(dir: string, dataset: SandboxDataset, properties: readonly SandboxProperty[]): Promise<JsonLinesFile> {
  const reviewsFile = new JsonLinesFile(join(dir, '04-reviews.jsonl'));
  const reviewsSource = new SandboxReviewsSource(dataset);
  for (const sandbox of properties) {
    const code = sandbox.property.code;
    const reviews = await reviewsSource.getReviews(code);
    if (!reviews) continue;
    await reviewsFile.write({
      type: 'reviewSummary',
      property: code,
      updatedAt: reviews.updatedAt.toISOString(),
      sources: reviews.sources.map(({ channel, outOfScore }) => ({ channel, outOfScore })),
      facilities: reviews.facilities?.map(({ channel, facility, score, timestamp }) => ({ channel, facility: { ...facility } as Record<string, string>, score, timestamp })) ?? null,
      tripTypes: reviews.tripTypes as RecordOf<'reviewSummary'>['tripTypes'],
    } satisfies RecordOf<'reviewSummary'>);
    for (const review of reviews.reviews) {
      const { id, channel, score, name, category, dateReviewed, title, description, language, country, photoUrl, hidden } = review;
      await reviewsFile.write({
        type: 'review',
        property: code,
        id,
        channel,
        score,
        name,
        category,
        dateReviewed,
        title,
        description,
        language,
        country,
        ...(photoUrl !== undefined && { photoUrl }),
        hidden,
      } satisfies RecordOf<'review'>);
    }
  }
  await reviewsFile.close();
  return reviewsFile;
}

function catalogRecords(sandbox: SandboxProperty): (RecordOf<'property'> | RecordOf<'room'> | RecordOf<'ratePlan'>)[] {
  const { property } = sandbox;
  const { rooms, chainCode, name, description, photos } = property;
  const { code, destination, countryCode, location, timeZone, currency, rating, includeInWidgetSearch, url, bookingUrl } = property;
  const { noOfPhotos, beds, bedrooms, bathrooms, nightsMin, nightsMax } = property;
  const fields = { code, destination, countryCode, location, timeZone, currency, rating, includeInWidgetSearch, url, bookingUrl, noOfPhotos, beds, bedrooms, bathrooms, nightsMin, nightsMax };
  const baseNightlyOf = new Map(sandbox.sellableRooms.map(({ room, baseNightly }) => [room.code, baseNightly]));
  return [
    {
      type: 'property',
      ...fields,
      chain: chainCode,
      name: { ...name } as Record<string, string>,
      description: { ...description } as Record<string, string>,
      photos: { ...photos },
      rackPremium: sandbox.rackPremium,
      cityTaxPerAdultNight: sandbox.cityTaxPerAdultNight,
      leadTime: sandbox.leadTime.map((band) => ({ ...band })),
    },
    ...rooms.map(
      (room): RecordOf<'room'> => ({
        type: 'room',
        property: property.code,
        code: room.code,
        name: { ...room.name } as Record<string, string>,
        description: { ...room.description } as Record<string, string>,
        active: room.active,
        maxAdults: room.maxAdults,
        maxOccupancy: room.maxOccupancy,
        // A retired room is never priced.
        baseNightly: baseNightlyOf.get(room.code) ?? 0,
      }),
    ),
    ...sandbox.ratePlans.map(
      ({ plan, boardSupplementPerGuest, priceFactor, memberFactor, occupancy }): RecordOf<'ratePlan'> => ({
        type: 'ratePlan',
        property: property.code,
        code: plan.code,
        name: { ...plan.name } as Record<string, string>,
        kind: plan.kind,
        boardCode: plan.boardCode,
        extras: [...plan.extras],
        freeCancellationDays: plan.cancellation.kind === 'FREE_UNTIL' ? plan.cancellation.daysBefore : null,
        beRateIds: [...plan.beRateIds],
        boardSupplementPerGuest,
        priceFactor,
        memberFactor,
        occupancy: { ...occupancy },
      }),
    ),
  ];
}
