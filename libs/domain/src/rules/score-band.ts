import type { ReviewScoreBand } from '../enums.js';
import { roundHalfAwayFromZero } from './decimal-rounding.js';

/** One review source's contribution to the overall score. */
export interface SourceScore {
  /** The source's average, already on the 10-point scale. */
  readonly score10: number;
  /** Reviews the source counted; its weight in the overall score. */
  readonly total: number;
}

/**
 * The band a 10-point score falls in. Bands are half-open so every score has exactly one:
 * SUPERB >= 9, GOOD [7, 9), PASSABLE [5, 7), POOR [3, 5), VERYPOOR < 3.
 */
export function scoreBand(score10: number): ReviewScoreBand {
  if (score10 >= 9) return 'SUPERB';
  if (score10 >= 7) return 'GOOD';
  if (score10 >= 5) return 'PASSABLE';
  if (score10 >= 3) return 'POOR';
  // Checked last, off the hot path: NaN fails every comparison above and must not pass for VERYPOOR.
  if (Number.isNaN(score10)) throw new RangeError('A review score must be a number, got NaN');
  return 'VERYPOOR';
}

/**
 * A score on a source's native scale (out of 10, 6 or 5) expressed out of 10, to one decimal.
 *
 * Rounded because bands and the `score` filter must agree with the number the client sees:
 * unrounded, 5.4 out of 6 is 8.999999999999998, shown as 9.0 yet banded GOOD. One decimal is
 * also the precision review sites publish.
 */
export function toTenPointScale(nativeScore: number, outOfScore: number): number {
  if (!(outOfScore > 0)) throw new RangeError(`A review scale must be out of a positive number, got ${outOfScore}`);
  return roundHalfAwayFromZero((nativeScore / outOfScore) * 10, 1);
}

/**
 * The overall score across sources: their 10-point averages weighted by how many reviews each
 * counted, to one decimal, so a site with 2,000 reviews outweighs one with 3. Null when no
 * source has any review, because a property nobody has reviewed has no score, not a zero.
 */
export function weightedOverallScore(sources: readonly SourceScore[]): number | null {
  let weightedSum = 0;
  let reviews = 0;
  for (const { score10, total } of sources) {
    weightedSum += score10 * total;
    reviews += total;
  }
  return reviews > 0 ? roundHalfAwayFromZero(weightedSum / reviews, 1) : null;
}
