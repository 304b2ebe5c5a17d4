/** A review site the sandbox invents, with its native scale. */
export interface ReviewSite {
  readonly channel: string;
  /** Highest score on its scale. */
  readonly outOfScore: number;
  /** Decimals its scores carry (stars are whole). */
  readonly decimals: number;
  /** Share of a property's reviews that come from it. */
  readonly share: number;
}

/** Neutral invented names, one per native scale the API must handle: 10, 6 and 5. */
export const REVIEW_SITES: readonly ReviewSite[] = [
  { channel: 'StayVerdict', outOfScore: 10, decimals: 1, share: 0.55 },
  { channel: 'WanderScore', outOfScore: 6, decimals: 1, share: 0.25 },
  { channel: 'InnStars', outOfScore: 5, decimals: 0, share: 0.2 },
];
