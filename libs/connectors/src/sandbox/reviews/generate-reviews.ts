import type { SourceReview } from '../../ports/reviews-source.js';
import { formatIsoDate } from '../../pricing/calendar.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { Random } from '../random.js';
import { REVIEW_PHRASES, type Sentiment } from './review-phrases.js';
import { REVIEW_SITES } from './review-sites.js';
import { LOCAL_LANGUAGE_BOOST, REVIEWER_CATEGORY_WEIGHTS, REVIEWER_LANGUAGES, SURNAME_INITIALS } from './reviewers.js';
import { expectedScoreOf, REVIEW_SPAN_DAYS, REVIEWS_COLLECTED_UNTIL } from './reputation.js';

/** Spread of single reviews around the property's expected score (10-point scale). */
const SCORE_DEVIATION = 1.3;
/** Share of reviews that are a score alone, with no title or text. */
const SCORE_ONLY_SHARE = 0.1;
const WITH_PHOTO_SHARE = 0.15;
/** Share of reviews hidden by moderation. */
const HIDDEN_SHARE = 0.02;
/** Every date a review can carry, formatted once: `REVIEW_DATES[n]` is n days after the first. */
const FIRST_REVIEW_DAY = REVIEWS_COLLECTED_UNTIL - REVIEW_SPAN_DAYS + 1;
const REVIEW_DATES = Array.from({ length: REVIEW_SPAN_DAYS }, (_, offset) => formatIsoDate(FIRST_REVIEW_DAY + offset));

export function sentimentOf(scoreOutOf10: number): Sentiment {
  if (scoreOutOf10 >= 7.5) return 'positive';
  return scoreOutOf10 >= 5 ? 'mixed' : 'negative';
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * `count` reviews of the property, drawn from its own seed, oldest first. Ids count up from 1 in
 * date order, like a site's running numbers, and stay the same across runs.
 */
export function generateReviews(sandbox: SandboxProperty, count: number): SourceReview[] {
  const random = new Random(`reviews:${sandbox.property.code}`);
  const expectedScore = expectedScoreOf(sandbox);
  const sites = REVIEW_SITES.map((site) => [site, site.share] as const);
  const { localLanguage } = sandbox.destination;
  const reviewers = REVIEWER_LANGUAGES.map(
    (reviewer) => [reviewer, reviewer.weight + (reviewer.language === localLanguage ? LOCAL_LANGUAGE_BOOST : 0)] as const,
  );
  // Dates are drawn first and sorted, so reviews come out in date order with no second pass.
  const dayOffsets = Int32Array.from({ length: count }, () => random.int(0, REVIEW_SPAN_DAYS - 1)).sort();

  const reviews: SourceReview[] = [];
  for (let i = 0; i < count; i++) {
    const site = random.weighted(sites);
    const reviewer = random.weighted(reviewers);
    const scoreOutOf10 = Math.min(10, Math.max(1, random.normal(expectedScore, SCORE_DEVIATION)));
    const score = Math.max(1, roundTo((scoreOutOf10 / 10) * site.outOfScore, site.decimals));
    const { sentenceSeparator, bySentiment } = REVIEW_PHRASES[reviewer.language];
    const phrases = bySentiment[sentimentOf((score / site.outOfScore) * 10)];
    const written = !random.chance(SCORE_ONLY_SHARE);
    const photo = random.chance(WITH_PHOTO_SHARE);
    reviews.push({
      id: i + 1,
      channel: site.channel,
      score,
      outOfScore: site.outOfScore,
      name: `${random.pick(reviewer.firstNames)} ${random.pick(SURNAME_INITIALS)}.`,
      category: random.weighted(REVIEWER_CATEGORY_WEIGHTS),
      dateReviewed: REVIEW_DATES[dayOffsets[i]],
      title: written ? random.pick(phrases.titles) : '',
      description: written ? random.sample(phrases.sentences, random.int(1, 3)).join(sentenceSeparator) : '',
      language: reviewer.language,
      country: random.pick(reviewer.countries),
      ...(photo && { photoUrl: `https://avatars.reviews.example/${site.channel.toLowerCase()}/${random.int(100_000, 999_999)}.jpg` }),
      hidden: random.chance(HIDDEN_SHARE),
    });
  }
  return reviews;
}
