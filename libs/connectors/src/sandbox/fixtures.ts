import type { SupportedLanguage } from '@hotelapi/domain';

/**
 * The sandbox properties with deliberate quirks, so the API's null, omitted and fallback paths
 * run on real data. The generator reads these lists and nothing else decides the quirks: every
 * property not named here has reviews, facility data, all six languages and is in widget search.
 * API tests use these by name instead of repeating codes.
 */
export interface SandboxFixtures {
  /** Fully translated, busy (over 1,000 reviews): the property the limited sandbox key may read. */
  readonly showcase: string;
  /** Properties with more than 1,000 reviews: more than 3 pages at the largest page size. */
  readonly withManyReviews: readonly string[];
  /** No reviews at all: `getReviews` gives an empty result, trip types are null. */
  readonly withoutReviews: readonly string[];
  /** Reviews but no facility scores: `facilities` is null. */
  readonly withoutFacilities: readonly string[];
  /** Texts (property, rooms, rate plans) in English only. */
  readonly englishOnly: readonly string[];
  /** Texts missing the listed languages. */
  readonly partiallyTranslated: Readonly<Record<string, readonly SupportedLanguage[]>>;
  /** `includeInWidgetSearch: false`. */
  readonly hiddenFromWidgetSearch: readonly string[];
}

export const SANDBOX_FIXTURES: SandboxFixtures = {
  showcase: 'ACME001',
  withManyReviews: ['ACME001', 'ACME017'],
  withoutReviews: ['ACME013', 'BLUE003'],
  withoutFacilities: ['ACME019', 'BLUE002'],
  englishOnly: ['ACME031', 'BLUE002', 'MEGA0042'],
  partiallyTranslated: { ACME005: ['de', 'it'], ACME027: ['fr'], BLUE001: ['pt'] },
  hiddenFromWidgetSearch: ['ACME007', 'ACME023'],
};
