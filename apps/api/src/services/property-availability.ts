import type { AvailabilityRequest, Property, RoomRateAvailability } from '@hotelapi/connectors';
import type {
  AvailabilitySingleRate,
  Device,
  GetPropertyAvailabilitySingleData,
  GetPropertyAvailabilitySingleInput,
  SupportedLanguage,
} from '@hotelapi/domain';
import { pickText, translator, type Translator } from '@hotelapi/i18n';
import { bookingUrl, type BookingSearch } from './booking-url.js';
import type { ApiServices } from './context.js';
import { conversionInto, type Conversion } from './currency-conversion.js';
import { boardLabel } from './rate-plan-texts.js';
import { assertStayAllowed } from './stay-check.js';

/** A stay at one property, as `get_property_availability_single` asks about it. */
export type AvailabilityQuery = Omit<GetPropertyAvailabilitySingleInput, 'hotelCode'>;

/** The party when the caller leaves it open: no children, no infants, one room. */
const DEFAULT_PARTY = { children: 0, infants: 0, rooms: 1 } as const;
/** The contract's default device, as on the availability endpoints. */
const DEFAULT_DEVICE: Device = 'DESKTOP';

/**
 * Every room and rate of a property for a stay, bookable or not, with translated texts, prices
 * for the whole stay converted into `query.currency`, and a booking URL per rate.
 *
 * `query.timezone` (the guest's) decides what "today" is for the past-date check; without it the
 * property's own zone does. Texts are in `language`; the booking URL carries `query.lang` as the
 * caller wrote it (the booking engine may know more languages than we translate into), else
 * `language`. Rates are listed bookable (`AVL`) first, then cheapest first.
 */
export async function availabilityAtProperty(
  services: ApiServices,
  property: Property,
  query: AvailabilityQuery,
  language: SupportedLanguage,
): Promise<GetPropertyAvailabilitySingleData> {
  assertStayAllowed(services.stayPolicy, services.now(), [query.timezone ?? property.timeZone], query);
  // The currency is checked before the booking engine is asked: a typo costs no upstream call.
  const convert = await conversionInto(services.connectors.exchangeRates, property.currency, query.currency);
  const request: AvailabilityRequest = {
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children ?? DEFAULT_PARTY.children,
    infants: query.infants ?? DEFAULT_PARTY.infants,
    rooms: query.rooms ?? DEFAULT_PARTY.rooms,
    device: query.device ?? DEFAULT_DEVICE,
    ...(query.remoteCountry === undefined ? {} : { remoteCountry: query.remoteCountry }),
  };
  const availability = await services.connectors.bookingEngine.getAvailability(property.code, request);

  const search: BookingSearch = { ...request, currency: query.currency, lang: query.lang ?? language };
  const t = translator(language);
  const rates = [...availability.rates]
    .sort(bookableThenCheapest)
    .map((rate) => describeRate(property, rate, search, convert, t));
  return {
    hotelCode: property.code,
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    currency: query.currency,
    rates,
  };
}

/** Bookable first, then cheapest; room and rate codes break ties so the order never changes between calls. */
function bookableThenCheapest(a: RoomRateAvailability, b: RoomRateAvailability): number {
  return (
    Number(b.status === 'AVL') - Number(a.status === 'AVL') ||
    a.total - b.total ||
    a.roomCode.localeCompare(b.roomCode) ||
    a.ratePlanCode.localeCompare(b.ratePlanCode)
  );
}

function describeRate(
  property: Property,
  rate: RoomRateAvailability,
  search: BookingSearch,
  convert: Conversion,
  t: Translator,
): AvailabilitySingleRate {
  const room = property.rooms.find((candidate) => candidate.code === rate.roomCode);
  const plan = property.ratePlans.find((candidate) => candidate.code === rate.ratePlanCode);
  if (!room || !plan) {
    throw new Error(`Booking engine returned ${rate.roomCode}/${rate.ratePlanCode}, unknown to the catalog of ${property.code}`);
  }
  return {
    id: `${rate.roomCode}:${rate.ratePlanCode}`,
    room: room.code,
    roomDesc: pickText(room.name, t.language),
    rate: plan.code,
    rateDesc: pickText(plan.name, t.language),
    board: rate.boardCode,
    boardDesc: boardLabel(t, rate.boardCode),
    minStay: rate.minStay,
    remaining: rate.remaining,
    status: rate.status,
    statusDesc: t.t(`status.${rate.status}`),
    pricing: {
      price: convert(rate.total),
      // A rate plan without a member price sells to members at the public price.
      memberPrice: convert(rate.memberTotal ?? rate.total),
      excludedCharges: convert(rate.excludedCharges),
      discount: convert(rate.discount),
    },
    bookingUrl: bookingUrl(property.bookingUrl, search, { room: rate.roomCode, rate: rate.ratePlanCode }),
  };
}
