import type { AvailabilityRequest } from '@hotelapi/connectors';
import { declareCache } from '@hotelapi/caches';

/** What a guest searched for, as the booking engine should open on it. */
export interface BookingSearch extends Omit<AvailabilityRequest, 'remoteCountry'> {
  readonly currency: string;
  readonly lang: string;
}

/** One room and rate, when the link is for a rate rather than for the property. */
export interface BookingChoice {
  readonly room: string;
  readonly rate: string;
}

/** Property links kept with their normal form (or `false`: the link has a query or fragment of its own). */
const plainLinks = declareCache({
  name: 'property-link-forms',
  key: 'a property’s booking link as the catalog holds it',
  max: 10_000,
  invalidation: 'none needed: a link’s normal form never changes',
}).create<string, string | false>();

/**
 * The property's booking URL carrying what the guest searched for, so they land on what they were
 * shown: multi-property availability's `targetUrl` (the property) and the single-property tool's
 * `bookingUrl` (one room and rate) are both this link. Names are the REST query's camelCase
 * (`checkIn`, `checkOut`); an absent value is left out. Parameters the catalog's URL already has (a
 * tracking code, say) are kept; ours win on a clash.
 */
export function bookingUrl(propertyBookingUrl: string, search: BookingSearch, choice?: BookingChoice): string {
  const url = new URL(propertyBookingUrl);
  // Set on a detached copy and written back once: every `url.searchParams.set` serialises the
  // whole query again, which made links most of the single-property availability tool's time.
  const query = new URLSearchParams(url.search);
  for (const [name, value] of searchParams(search, choice)) query.set(name, value);
  url.search = query.toString();
  return url.href;
}

/**
 * `bookingUrl` for every property of one search (a chain answer's `targetUrl`s): the search is
 * encoded once, and a property link without a query or fragment of its own, the usual kind, is
 * parsed once per process and then only has it appended, rather than parsing and serialising
 * all 500 links of a MEGA chain search again for each search.
 */
export class BookingLinks {
  readonly #search: BookingSearch;
  readonly #query: string;

  constructor(search: BookingSearch) {
    this.#search = search;
    this.#query = new URLSearchParams(searchParams(search)).toString();
  }

  /** `plain` is `plainLink(propertyBookingUrl)`, when the caller keeps it with the property. */
  forProperty(propertyBookingUrl: string, plain = plainLink(propertyBookingUrl)): string {
    return plain ? `${plain}?${this.#query}` : bookingUrl(propertyBookingUrl, this.#search);
  }
}

/** The link in its normal form (what `URL#href` gives) when it has no query or fragment; `false` otherwise, or when it is no URL. */
export function plainLink(link: string): string | false {
  let plain = plainLinks.get(link);
  if (plain === undefined) {
    const href = URL.parse(link)?.href;
    plain = href !== undefined && !href.includes('?') && !href.includes('#') && href;
    plainLinks.set(link, plain);
  }
  return plain;
}

/** The search's parameters in the link's order, absent values left out. */
function searchParams(search: BookingSearch, choice?: BookingChoice): [string, string][] {
  const params: readonly (readonly [string, string | number | undefined])[] = [
    ['checkIn', search.checkIn],
    ['checkOut', search.checkOut],
    ['adults', search.adults],
    ['children', search.children],
    ['infants', search.infants],
    ['rooms', search.rooms],
    ['room', choice?.room],
    ['rate', choice?.rate],
    ['currency', search.currency],
    ['device', search.device],
    ['lang', search.lang],
  ];
  return params.flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]));
}
