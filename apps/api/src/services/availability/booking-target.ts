import type { AvailabilityMultiQuery, SupportedLanguage } from '@hotelapi/domain';

/** What the booking engine needs to open on the stay a widget searched for. */
export type BookingTargetQuery = Pick<AvailabilityMultiQuery, 'checkin' | 'checkout' | 'adults' | 'children' | 'rooms' | 'currency'>;

/**
 * The search as booking-engine query parameters, built once per request and added to each
 * property's booking URL by `bookingTargetUrl`.
 */
export function bookingTargetParams(query: BookingTargetQuery, language: SupportedLanguage): ReadonlyMap<string, string> {
  return new Map([
    ['checkin', query.checkin],
    ['checkout', query.checkout],
    ['adults', String(query.adults)],
    ['children', String(query.children)],
    ['rooms', String(query.rooms)],
    ['currency', query.currency],
    ['lang', language],
  ]);
}

/**
 * The property's booking URL carrying the search, so a guest lands on the rates the widget showed.
 * Parameters the catalog's URL already has (a tracking code, say) are kept; ours win on a clash.
 */
export function bookingTargetUrl(bookingUrl: string, params: ReadonlyMap<string, string>): string {
  const url = new URL(bookingUrl);
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.href;
}
