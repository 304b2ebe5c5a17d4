import type { Property, PropertyReviews, SourceReview } from '@hotelapi/connectors';
import {
  roundHalfAwayFromZero,
  scoreBand,
  seasonOf,
  toTenPointScale,
  weightedOverallScore,
  type QueryableReview,
  type ReviewDetails,
  type ReviewScore,
} from '@hotelapi/domain';

/** A review the queries read, carrying the details the answer shows, built once. */
export interface IndexedReview extends QueryableReview {
  readonly details: ReviewDetails;
}

/**
 * What every request for a property's reviews needs and no request changes: the visible reviews
 * ready to query, and the figures over all of them. Hidden reviews are in none of it: they are
 * never shown, and never counted in totals, scores, facets or countries, so the figures always
 * describe exactly the reviews a client can page through.
 */
export interface ReviewIndex {
  /** Visible reviews in the source's order. */
  readonly reviews: readonly IndexedReview[];
  /** Per source: native average (one decimal), its scale, its visible reviews. */
  readonly channels: readonly ReviewScore[];
  /** 10-point average weighted by each source's review count; null without reviews. */
  readonly score: number | null;
  /** The most recent review date; null without reviews. */
  readonly latestReview: string | null;
  /** Reviewer countries present (ISO 3166-1 alpha-2), sorted. */
  readonly countries: readonly string[];
}

/** Running sums for one source. */
interface SourceTally {
  readonly outOfScore: number;
  total: number;
  nativeSum: number;
}

/**
 * Keyed by the object the connector returns: a source that keeps its answer (as the sandbox
 * does) gets every later request served without per-review work, and a source that returns a
 * fresh object after an update gets a fresh index, the old one going with its key. The object
 * belongs to one property, so the property's latitude (for seasons) cannot differ between hits.
 */
const indexes = new WeakMap<PropertyReviews, ReviewIndex>();

export function reviewIndexOf(property: Property, propertyReviews: PropertyReviews): ReviewIndex {
  let index = indexes.get(propertyReviews);
  if (!index) {
    index = buildReviewIndex(property, propertyReviews);
    indexes.set(propertyReviews, index);
  }
  return index;
}

function buildReviewIndex(property: Property, { sources, reviews }: PropertyReviews): ReviewIndex {
  // Sources in the order the connector lists them; a review from an unlisted one still counts.
  const tallies = new Map<string, SourceTally>(sources.map(({ channel, outOfScore }) => [channel, { outOfScore, total: 0, nativeSum: 0 }]));
  const countries = new Set<string>();
  const indexed: IndexedReview[] = [];
  let latestReview: string | null = null;

  for (const review of reviews) {
    if (review.hidden) continue;
    const entry = indexedReview(review, property.location.lat);
    indexed.push(entry);
    countries.add(entry.country);
    if (latestReview === null || review.dateReviewed > latestReview) latestReview = review.dateReviewed;
    let tally = tallies.get(review.channel);
    if (!tally) tallies.set(review.channel, (tally = { outOfScore: review.outOfScore, total: 0, nativeSum: 0 }));
    tally.total++;
    tally.nativeSum += review.score;
  }

  const reviewed = [...tallies].filter(([, tally]) => tally.total > 0);
  return {
    reviews: indexed,
    channels: reviewed.map(([title, { outOfScore, total, nativeSum }]) => ({
      title,
      score: roundHalfAwayFromZero(nativeSum / total, 1),
      outOfScore,
      total,
    })),
    // Unrounded source averages, so the overall score is rounded once.
    score: weightedOverallScore(reviewed.map(([, { outOfScore, total, nativeSum }]) => ({ score10: (nativeSum / total / outOfScore) * 10, total }))),
    latestReview,
    countries: [...countries].sort(),
  };
}

function indexedReview(review: SourceReview, latitude: number): IndexedReview {
  const score10 = toTenPointScale(review.score, review.outOfScore);
  // Normalised to the case the request schemas parse the filters into.
  const country = review.country.toUpperCase();
  const language = review.language.toLowerCase();
  return {
    id: review.id,
    category: review.category,
    score10,
    band: scoreBand(score10),
    season: seasonOf(review.dateReviewed, latitude),
    country,
    language,
    dateReviewed: review.dateReviewed,
    hasText: review.title !== '' || review.description !== '',
    details: {
      id: review.id,
      name: review.name,
      category: review.category,
      dateReviewed: review.dateReviewed,
      score: score10,
      title: review.title,
      description: review.description,
      country,
      language,
      ...(review.photoUrl !== undefined && { photoUrl: review.photoUrl }),
      channel: review.channel,
      hidden: false,
    },
  };
}
