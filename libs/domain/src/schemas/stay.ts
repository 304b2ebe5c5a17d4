/**
 * Who stays, as every stay-shaped request asks for it. Bounds are the same on every endpoint and tool, so a
 * party that can shop can also check availability.
 */

import { z } from 'zod';
import { CalendarDate } from './common.js';
import { fieldOrder } from './field-order.js';

export const Adults = z.int().min(1, 'must be at least 1').max(10, 'must be at most 10').describe('Number of adults, 1 to 10.');
export type Adults = z.infer<typeof Adults>;

export const Children = z
  .int()
  .min(0, 'must not be negative')
  .max(10, 'must be at most 10')
  .describe('Number of children, 0 to 10.');
export type Children = z.infer<typeof Children>;

export const Infants = z
  .int()
  .min(0, 'must not be negative')
  .max(10, 'must be at most 10')
  .describe('Number of infants, 0 to 10.');
export type Infants = z.infer<typeof Infants>;

export const Rooms = z.int().min(1, 'must be at least 1').max(10, 'must be at most 10').describe('Number of rooms, 1 to 10.');
export type Rooms = z.infer<typeof Rooms>;

/**
 * The check-out date must follow the check-in date. The key names differ by endpoint (`checkIn` on the
 * shopper, `checkin` on availability), hence the parameters. Dates are `yyyy-MM-dd`, which order as strings.
 */
export function checkOutAfterCheckIn<CheckIn extends string, CheckOut extends string>(checkIn: CheckIn, checkOut: CheckOut) {
  return fieldOrder(checkIn, checkOut, { strict: true, message: `must be after ${checkIn}` });
}

/**
 * Check-in and check-out as the shopper and the MCP tools name them. Left unrefined so it can be extended
 * and picked; add `.check(checkOutAfterCheckIn('checkIn', 'checkOut'))` to the finished request.
 */
export const StayDates = z.object({
  checkIn: CalendarDate.describe('Check-in (arrival) date, yyyy-MM-dd.'),
  checkOut: CalendarDate.describe('Check-out (departure) date, yyyy-MM-dd; after checkIn.'),
});
export type StayDates = z.infer<typeof StayDates>;
