import { z } from 'zod';

/**
 * Sales channels the shopper compares against. Wire values are the contract's own codes; each
 * deployment gives them display names (`source_name`) in configuration.
 */
export const ChannelType = z
  .enum(['OTA_01', 'OTA_02', 'OTA_03', 'OTA_04', 'OTA_05', 'OTA_06', 'OTA_07', 'OTA_08', 'CRS_01', 'CRS_02', 'CRS_03'])
  .meta({ id: 'ChannelType', description: 'Sales channel: eight online travel agencies and three central reservation systems.' });
export type ChannelType = z.infer<typeof ChannelType>;

export const Season = z
  .enum(['AUTUMN', 'SPRING', 'SUMMER', 'WINTER'])
  .meta({ id: 'Season', description: 'Meteorological season at the property (flipped in the southern hemisphere).' });
export type Season = z.infer<typeof Season>;

export const ReviewScoreBand = z
  .enum(['SUPERB', 'GOOD', 'PASSABLE', 'POOR', 'VERYPOOR'])
  .meta({
    id: 'ReviewScoreType',
    description: 'Score band on the 10-point scale, half-open: SUPERB >= 9, GOOD [7, 9), PASSABLE [5, 7), POOR [3, 5), VERYPOOR < 3.',
  });
export type ReviewScoreBand = z.infer<typeof ReviewScoreBand>;

export const ReviewerCategory = z
  .enum(['FAMILY', 'COUPLE', 'GROUP', 'SOLO', 'UNKNOWN'])
  .meta({ id: 'ReviewerCategoryType', description: 'Who travelled.' });
export type ReviewerCategory = z.infer<typeof ReviewerCategory>;

export const Device = z.enum(['DESKTOP', 'MOBILE']).meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

export const AvailabilitySortBy = z.enum(['PRICE', 'POPULARITY', 'NAME', 'DISTANCE']).meta({ id: 'AvailabilitySortBy' });
export type AvailabilitySortBy = z.infer<typeof AvailabilitySortBy>;

export const SortOrder = z.enum(['ASC', 'DESC']).meta({ id: 'SortOrder' });
export type SortOrder = z.infer<typeof SortOrder>;

export const ReviewSort = z.enum(['dateReviewed', 'mostRelevant', 'score']).meta({ id: 'ReviewSort' });
export type ReviewSort = z.infer<typeof ReviewSort>;

/** Languages the API translates its own texts into; anything else falls back to English. */
export const SupportedLanguage = z.enum(['en', 'es', 'fr', 'de', 'it', 'pt']).meta({ id: 'SupportedLanguage' });
export type SupportedLanguage = z.infer<typeof SupportedLanguage>;
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en';

/**
 * Availability status of a room and rate for a stay. `AVL` is bookable; the others say why not.
 */
export const AvailabilityStatus = z.enum(['AVL', 'MINSTAY', 'CLOSED', 'SOLDOUT']).meta({ id: 'AvailabilityStatus' });
export type AvailabilityStatus = z.infer<typeof AvailabilityStatus>;

/** The kinds of rate plan a property sells. */
export const RatePlanKind = z.enum(['REFUNDABLE', 'NON_REFUNDABLE', 'MEMBER', 'PARTNER']).meta({ id: 'RatePlanKind' });
export type RatePlanKind = z.infer<typeof RatePlanKind>;

/**
 * How our direct price compares with the cheapest channel's for the same room and rate, once both are
 * rounded to the currency's minor units.
 */
export const RateParity = z
  .enum(['DIRECT_CHEAPER', 'PARITY', 'CHANNEL_CHEAPER'])
  .meta({ id: 'RateParity', description: 'Direct price against the cheapest channel: DIRECT_CHEAPER, PARITY (equal) or CHANNEL_CHEAPER.' });
export type RateParity = z.infer<typeof RateParity>;

/**
 * A channel's price against our direct price for the same room, rate and stay, within a tolerance
 * in percent of the direct price: WIN when the channel is dearer by more than it (booking direct
 * wins), MEET within it, LOSE when the channel undercuts by more than it.
 */
export const ParityStatus = z
  .enum(['WIN', 'MEET', 'LOSE'])
  .meta({
    id: 'ParityStatus',
    description:
      'Channel price p against direct price d with tolerance t percent: WIN when p > d × (1 + t/100), LOSE when p < d × (1 − t/100), else MEET.',
  });
export type ParityStatus = z.infer<typeof ParityStatus>;
