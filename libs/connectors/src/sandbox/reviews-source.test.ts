import { ReviewerCategory } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import type { PropertyReviews } from '../ports/reviews-source.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';
import { SANDBOX_FIXTURES } from './fixtures.js';

const { reviews: reviewsSource, catalog } = createSandboxConnectors();
const ACME = Array.from({ length: 40 }, (_, index) => `ACME${String(index + 1).padStart(3, '0')}`);

async function reviewsOf(code: string): Promise<PropertyReviews> {
  const reviews = await reviewsSource.getReviews(code);
  if (!reviews) throw new Error(`no reviews source data for ${code}`);
  return reviews;
}

const showcase = await reviewsOf(SANDBOX_FIXTURES.showcase);

describe('sandbox reviews', () => {
  it('count every generated review, cheaply and in line with what getReviews returns', async () => {
    for (const code of [...ACME, 'BLUE001', 'BLUE002', 'BLUE003', 'MEGA0001', 'MEGA0500']) {
      const { reviews } = await reviewsSource.countReviews(code);
      expect(reviews, code).toBe((await reviewsOf(code)).reviews.length);
      expect(reviews).toBeLessThanOrEqual(2_000);
    }
  });

  it('have the listed fixtures with many and with no reviews', async () => {
    for (const code of SANDBOX_FIXTURES.withManyReviews) expect((await reviewsSource.countReviews(code)).reviews, code).toBeGreaterThan(1_000);
    for (const code of SANDBOX_FIXTURES.withoutReviews) {
      const empty = await reviewsOf(code);
      expect(empty.reviews).toEqual([]);
      expect(empty.sources).toEqual([]);
      expect(empty.facilities).toBeNull();
      expect(empty.tripTypes).toBeNull();
    }
  });

  it('come from sources with native scales of 10, 6 and 5, each score on its own scale', () => {
    expect(showcase.sources.map((source) => source.outOfScore).sort()).toEqual([10, 5, 6]);
    for (const review of showcase.reviews) {
      expect(showcase.sources).toContainEqual({ channel: review.channel, outOfScore: review.outOfScore });
      expect(review.score).toBeGreaterThanOrEqual(1);
      expect(review.score).toBeLessThanOrEqual(review.outOfScore);
    }
  });

  it('are written in at least eight languages by reviewers of every category from over 15 countries', () => {
    const languages = new Set(showcase.reviews.map((review) => review.language));
    expect([...languages]).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja']));
    expect(new Set(showcase.reviews.map((review) => review.category))).toEqual(new Set(ReviewerCategory.options));
    const countries = new Set(showcase.reviews.map((review) => review.country));
    expect(countries.size).toBeGreaterThan(15);
    for (const country of countries) expect(country).toMatch(/^[A-Z]{2}$/);
  });

  it('are written in the review’s own language, a few as a bare score', () => {
    const japanese = showcase.reviews.filter((review) => review.language === 'ja' && review.description);
    expect(japanese.length).toBeGreaterThan(0);
    for (const review of japanese) expect(review.description).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
    const scoreOnly = showcase.reviews.filter((review) => review.title === '' && review.description === '');
    expect(scoreOnly.length / showcase.reviews.length).toBeGreaterThan(0.05);
    expect(scoreOnly.length / showcase.reviews.length).toBeLessThan(0.15);
  });

  it('span the three years before a fixed date, every month of the year, ids counting up in date order', () => {
    const dates = showcase.reviews.map((review) => review.dateReviewed);
    expect(dates[0] >= '2023-01-01').toBe(true);
    expect(dates[dates.length - 1] <= '2025-12-31').toBe(true);
    expect(new Set(dates.map((date) => date.slice(5, 7))).size).toBe(12);
    expect(dates).toEqual([...dates].sort());
    expect(showcase.reviews.map((review) => review.id)).toEqual(showcase.reviews.map((_, index) => index + 1));
    expect(showcase.updatedAt.toISOString()).toBe(`${dates.at(-1)}T00:00:00.000Z`);
  });

  it('hide about 2% and show a reviewer photo on some', () => {
    const hidden = showcase.reviews.filter((review) => review.hidden).length / showcase.reviews.length;
    expect(hidden).toBeGreaterThan(0.005);
    expect(hidden).toBeLessThan(0.04);
    const photos = showcase.reviews.flatMap((review) => (review.photoUrl ? [review.photoUrl] : []));
    expect(photos.length).toBeGreaterThan(0);
    for (const url of photos) expect(new URL(url).hostname.endsWith('.example')).toBe(true);
  });

  it('score better hotels higher', async () => {
    const meanScores: { rating: number; score: number }[] = [];
    for (const code of ACME) {
      const { reviews } = await reviewsOf(code);
      if (reviews.length === 0) continue;
      const score = reviews.reduce((sum, review) => sum + (review.score / review.outOfScore) * 10, 0) / reviews.length;
      meanScores.push({ rating: (await catalog.getProperty(code))?.rating ?? 0, score });
    }
    const average = (ratings: number[]) => {
      const scores = meanScores.filter(({ rating }) => ratings.includes(rating)).map(({ score }) => score);
      return scores.reduce((sum, score) => sum + score, 0) / scores.length;
    };
    expect(average([4, 5])).toBeGreaterThan(average([1, 2]) + 1);
  });

  it('is unknown for codes outside the sandbox', async () => {
    expect(await reviewsSource.getReviews('ACME041')).toBeUndefined();
    expect(await reviewsSource.countReviews('ACME041')).toEqual({ reviews: 0 });
  });
});

describe('sandbox facility scores', () => {
  it('come from each source, named in six languages, on a 10-point scale, dated before the last review', () => {
    const facilities = showcase.facilities ?? [];
    expect(new Set(facilities.map((facility) => facility.channel))).toEqual(new Set(showcase.sources.map((source) => source.channel)));
    for (const facility of facilities) {
      expect(Object.keys(facility.facility)).toHaveLength(6);
      expect(facility.score).toBeGreaterThanOrEqual(1);
      expect(facility.score).toBeLessThanOrEqual(10);
      expect(new Date(facility.timestamp).getTime()).toBeLessThanOrEqual(showcase.updatedAt.getTime());
    }
  });

  it('are null for the listed fixtures, which still have reviews', async () => {
    for (const code of SANDBOX_FIXTURES.withoutFacilities) {
      const reviews = await reviewsOf(code);
      expect(reviews.reviews.length, code).toBeGreaterThan(0);
      expect(reviews.facilities, code).toBeNull();
    }
  });
});

describe('sandbox trip types', () => {
  const tripTypes = showcase.tripTypes ?? {};

  it('break the reviews down by trip type, with percentages and integer scores out of 100', () => {
    expect(Object.keys(tripTypes)).toEqual(['all', 'couple', 'family', 'group', 'solo']);
    expect(tripTypes.all.reviewsPercent).toBe(100);
    const couples = showcase.reviews.filter((review) => review.category === 'COUPLE').length;
    expect(tripTypes.couple.reviewsPercent).toBe(Math.round((100 * couples) / showcase.reviews.length));
    for (const tripType of Object.values(tripTypes)) {
      expect(Number.isInteger(tripType.score)).toBe(true);
      expect(tripType.score).toBeGreaterThan(0);
      expect(tripType.score).toBeLessThanOrEqual(100);
      expect(tripType.categories.map((category) => category.categoryName)).toEqual(
        expect.arrayContaining(['cleanliness', 'location', 'service', 'value', 'rooms', 'comfort']),
      );
    }
  });

  it('carry the per-language figures on `all` only', () => {
    const languages = new Set(showcase.reviews.map((review) => review.language));
    expect(Object.keys(tripTypes.all.byLanguage ?? {}).sort()).toEqual([...languages].sort());
    expect(tripTypes.couple.byLanguage).toBeUndefined();
    const percents = Object.values(tripTypes.all.byLanguage ?? {}).map((language) => language.reviewsPercent);
    expect(percents.reduce((sum, percent) => sum + percent, 0)).toBeGreaterThanOrEqual(98);
  });

  it('have category texts with deliberate translation gaps', () => {
    const categories = new Map(tripTypes.all.categories.map((category) => [category.categoryName, category]));
    expect(Object.keys(categories.get('cleanliness')?.text ?? {})).toHaveLength(6);
    expect(Object.keys(categories.get('comfort')?.text ?? {})).not.toContain('it');
    expect(Object.keys(categories.get('value')?.shortText ?? {})).not.toContain('de');
    const reviewCount = showcase.reviews.length;
    for (const category of categories.values()) {
      expect(category.count).toBeGreaterThan(0);
      expect(category.count).toBeLessThanOrEqual(reviewCount);
    }
  });
});
