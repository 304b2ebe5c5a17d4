import type { PropertyReviews, SourceTripType } from '@hotelapi/connectors';
import type { ReviewFacility, SupportedLanguage, TripTypeScore } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';

/**
 * What `verbose=true` adds: the source's own facility scores and trip-type breakdown, with their
 * texts in the caller's language (English where a text is untranslated). These are the source's
 * aggregates, passed through: unlike our own totals, we cannot take hidden reviews out of them.
 */
export interface VerboseDetails {
  /** Null when the source has no facility data. */
  readonly facilities: ReviewFacility[] | null;
  /** Absent when the source has no trip-type data. */
  readonly tripTypes?: Record<string, TripTypeScore>;
}

/** The bucket of all travellers, the only one that carries the per-language figures. */
const ALL_TRAVELLERS = 'all';

export function verboseDetails({ facilities, tripTypes }: PropertyReviews, language: SupportedLanguage): VerboseDetails {
  return {
    facilities:
      facilities?.map(({ channel, facility, score, timestamp }) => ({ channel, facility: pickText(facility, language), score, timestamp })) ??
      null,
    ...(tripTypes && {
      tripTypes: Object.fromEntries(
        Object.entries(tripTypes).map(([tripType, figures]) => [tripType, translatedTripType(figures, language, tripType === ALL_TRAVELLERS)]),
      ),
    }),
  };
}

function translatedTripType(figures: SourceTripType, language: SupportedLanguage, withLanguages: boolean): TripTypeScore {
  const { byLanguage } = figures;
  return {
    reviewsPercent: figures.reviewsPercent,
    score: figures.score,
    categories: figures.categories.map(({ categoryName, text, shortText, score, count }) => ({
      categoryName,
      text: pickText(text, language),
      shortText: pickText(shortText, language),
      score,
      count,
    })),
    ...(withLanguages &&
      byLanguage && {
        byLanguage: Object.fromEntries(
          Object.entries(byLanguage).map(([reviewLanguage, perLanguage]) => [reviewLanguage, translatedTripType(perLanguage, language, false)]),
        ),
      }),
  };
}
