import type { ReviewerCategory } from '@hotelapi/domain';
import type { SourceCategoryScore, SourceReview, SourceTripType } from '../../ports/reviews-source.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';
import { inLanguages, TEXT_LANGUAGES } from '../world/languages.js';
import { REVIEW_ASPECTS } from './review-aspects.js';

/** Trip-type key each reviewer category counts under; UNKNOWN travellers count only in `all`. */
const TRIP_TYPE_OF: Readonly<Record<ReviewerCategory, string | undefined>> = {
  COUPLE: 'couple',
  FAMILY: 'family',
  GROUP: 'group',
  SOLO: 'solo',
  UNKNOWN: undefined,
};
/** Chance a review rates a given aspect; the rest leave it blank. */
const ASPECT_RATED_CHANCE = 0.6;
/** An aspect scoring this or more (on the 100 scale) gets its praising text. */
const PRAISED_FROM = 75;

/** Running sums for one bucket of reviews (a trip type, or a language within `all`). */
class Tally {
  reviews = 0;
  scoreSum = 0;
  readonly aspectSums = new Float64Array(REVIEW_ASPECTS.length);
  readonly aspectCounts = new Int32Array(REVIEW_ASPECTS.length);

  /** One review's score and its aspect scores (NaN where it left an aspect blank). */
  add(scoreOutOf10: number, aspectScores: Float64Array): void {
    this.reviews++;
    this.scoreSum += scoreOutOf10;
    for (let index = 0; index < aspectScores.length; index++) {
      if (Number.isNaN(aspectScores[index])) continue;
      this.aspectSums[index] += aspectScores[index];
      this.aspectCounts[index]++;
    }
  }

  /** Scores on a 0..100 integer scale, percentages of `total` reviews. */
  toTripType(total: number): SourceTripType {
    const categories: SourceCategoryScore[] = [];
    REVIEW_ASPECTS.forEach((aspect, index) => {
      const count = this.aspectCounts[index];
      if (count === 0) return;
      const score = Math.round((this.aspectSums[index] / count) * 10);
      categories.push({
        categoryName: aspect.categoryName,
        text: inLanguages(score >= PRAISED_FROM ? aspect.praised : aspect.criticised, aspect.textLanguages ?? TEXT_LANGUAGES),
        shortText: inLanguages(aspect.shortText, aspect.shortTextLanguages ?? TEXT_LANGUAGES),
        score,
        count,
      });
    });
    return { reviewsPercent: Math.round((100 * this.reviews) / total), score: Math.round((this.scoreSum / this.reviews) * 10), categories };
  }
}

/**
 * Trip-type breakdown of the reviews, as a review aggregator computes it: `all`, then `couple`,
 * `family`, `group` and `solo` where anyone of that kind wrote. Scores are integers on a 0..100
 * scale (the overall figure of a bucket is its mean review score times ten); every review counts,
 * hidden ones included, as the site scored them before moderation. Each review rates a hashed
 * subset of aspects, near its own score with a per-property bias (a hotel can be clean but far
 * out). Null when there are no reviews.
 */
export function tripTypesOf(sandbox: SandboxProperty, reviews: readonly SourceReview[]): Record<string, SourceTripType> | null {
  if (reviews.length === 0) return null;
  const aspectBias = REVIEW_ASPECTS.map((_, index) => (hashUnit(sandbox.seed, DrawPurpose.aspectBias, index) - 0.5) * 2.4);
  const all = new Tally();
  const byTripType = new Map<string, Tally>();
  const byLanguage = new Map<string, Tally>();

  // Reused for every review: tallies copy what they need out of it.
  const aspectScores = new Float64Array(REVIEW_ASPECTS.length);
  for (const review of reviews) {
    const scoreOutOf10 = (review.score / review.outOfScore) * 10;
    for (let index = 0; index < aspectScores.length; index++) {
      const rated = hashUnit(sandbox.seed, DrawPurpose.aspectMention, review.id, index) < ASPECT_RATED_CHANCE;
      const jitter = hashUnit(sandbox.seed, DrawPurpose.aspectScore, review.id, index) * 2 - 1;
      aspectScores[index] = rated ? Math.min(10, Math.max(1, scoreOutOf10 + aspectBias[index] + jitter)) : Number.NaN;
    }
    all.add(scoreOutOf10, aspectScores);
    const tripType = TRIP_TYPE_OF[review.category];
    if (tripType) tallyOf(byTripType, tripType).add(scoreOutOf10, aspectScores);
    tallyOf(byLanguage, review.language).add(scoreOutOf10, aspectScores);
  }

  const total = reviews.length;
  const languages = sortedByKey(byLanguage).map(([language, tally]) => [language, tally.toTripType(total)] as const);
  const tripTypes: Record<string, SourceTripType> = { all: { ...all.toTripType(total), byLanguage: Object.fromEntries(languages) } };
  for (const [tripType, tally] of sortedByKey(byTripType)) tripTypes[tripType] = tally.toTripType(total);
  return tripTypes;
}

/** Entries in key order, so the output reads the same whatever order reviews came in. */
function sortedByKey(tallies: Map<string, Tally>): [string, Tally][] {
  return [...tallies].sort(([a], [b]) => (a < b ? -1 : 1));
}

function tallyOf(tallies: Map<string, Tally>, key: string): Tally {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = new Tally()));
  return tally;
}
