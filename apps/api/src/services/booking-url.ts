/** A booking-engine query parameter; an undefined value is left out. */
export type BookingParam = readonly [name: string, value: string | number | undefined];

/**
 * The property's booking URL carrying what the guest searched for, so they land on the rates
 * they were shown. Parameters the catalog's URL already has (a tracking code, say) are kept;
 * ours win on a clash.
 */
export function bookingUrlWith(bookingUrl: string, params: Iterable<BookingParam>): string {
  const url = new URL(bookingUrl);
  for (const [name, value] of params) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.href;
}
