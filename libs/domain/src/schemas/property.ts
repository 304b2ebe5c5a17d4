/**
 * Identifiers and facts of the catalog that several resources share: property and chain codes, where a
 * property is, its star rating and the board (meal plan) of a rate.
 */

import { z } from 'zod';

/** Codes are case-sensitive and kept exactly as sent: `acme001` is not `ACME001`. */
const CATALOG_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export const PropertyCode = z
  .string()
  .regex(CATALOG_CODE, 'must be a property code of 1 to 32 letters, digits, _ or -')
  .describe('Property code, e.g. ACME001.');
export type PropertyCode = z.infer<typeof PropertyCode>;

export const ChainCode = z
  .string()
  .regex(CATALOG_CODE, 'must be a chain code of 1 to 32 letters, digits, _ or -')
  .describe('Chain code, e.g. ACME.');
export type ChainCode = z.infer<typeof ChainCode>;

/** WGS 84 coordinates in decimal degrees. */
export const GeoPoint = z.object({
  lat: z.number().min(-90).max(90).describe('Latitude in decimal degrees (WGS 84).'),
  lon: z.number().min(-180).max(180).describe('Longitude in decimal degrees (WGS 84).'),
});
export type GeoPoint = z.infer<typeof GeoPoint>;

export const StarRating = z
  .int()
  .min(1, 'must be a star rating from 1 to 5')
  .max(5, 'must be a star rating from 1 to 5')
  .describe('Star rating, 1 to 5.');
export type StarRating = z.infer<typeof StarRating>;

/** The numeric board code availability speaks; the domain's board table gives its short code and label. */
export const BoardCode = z
  .int()
  .positive('must be a positive board code')
  .describe(
    'Board (meal plan) as an OpenTravel meal-plan code: 14 room only, 3 bed and breakfast, 12 half board, 10 full board, 1 all inclusive.',
  );
export type BoardCode = z.infer<typeof BoardCode>;
