import type { AvailabilityRequest } from '@hotelapi/connectors';

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

/**
 * The property's booking URL carrying what the guest searched for, so they land on what they were
 * shown: multi-property availability's `targetUrl` (the property) and the single-property tool's
 * `bookingUrl` (one room and rate) are both this link. Names are the REST query's camelCase
 * (`checkIn`, `checkOut`); an absent value is left out. Parameters the catalog's URL already has (a
 * tracking code, say) are kept; ours win on a clash.
 */
export function bookingUrl(propertyBookingUrl: string, search: BookingSearch, choice?: BookingChoice): string {
  const url = new URL(propertyBookingUrl);
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
  // Set on a detached copy and written back once: every `url.searchParams.set` serialises the
  // whole query again, which made links most of the single-property availability tool's time.
  const query = new URLSearchParams(url.search);
  for (const [name, value] of params) if (value !== undefined) query.set(name, String(value));
  url.search = query.toString();
  return url.href;
}
