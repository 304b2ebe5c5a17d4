import type { AvailabilityMultiQuery, SupportedLanguage } from '@hotelapi/domain';
import type { BookingParam } from '../booking-url.js';

/** What the booking engine needs to open on the stay a widget searched for. */
export type BookingTargetQuery = Pick<AvailabilityMultiQuery, 'checkin' | 'checkout' | 'adults' | 'children' | 'rooms' | 'currency'>;

/**
 * The search as booking-engine query parameters, built once per request and added to each
 * property's booking URL by `bookingUrlWith`.
 */
export function bookingTargetParams(query: BookingTargetQuery, language: SupportedLanguage): readonly BookingParam[] {
  return [
    ['checkin', query.checkin],
    ['checkout', query.checkout],
    ['adults', query.adults],
    ['children', query.children],
    ['rooms', query.rooms],
    ['currency', query.currency],
    ['lang', language],
  ];
}
