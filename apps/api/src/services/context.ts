import type { Connectors } from '@hotelapi/connectors';
import type { ChannelType, StayPolicy } from '@hotelapi/domain';
import type { ApiConfig } from '../config.js';
import { loadPropertyDirectory, type PropertyDirectory } from './property-directory.js';
import { RecentAnswers } from './recent-answers.js';
import type { ReviewsAnswer, ShopperAnswer } from './property-answers.js';

/** What the services that answer REST routes and MCP tools alike need, built once per process. */
export interface ApiServices {
  readonly connectors: Connectors;
  readonly directory: PropertyDirectory;
  readonly stayPolicy: StayPolicy;
  /** Display names of the channels this deployment shops; only these are returned. */
  readonly channelNames: Readonly<Partial<Record<ChannelType, string>>>;
  /** The clock; injectable so tests can pin "today". */
  readonly now: () => Date;
  /** Shopper and reviews answers given again for `PROPERTY_ANSWER_CACHE_MS` to the same question. */
  readonly recentAnswers: {
    readonly shopper: RecentAnswers<ShopperAnswer>;
    readonly reviews: RecentAnswers<ReviewsAnswer>;
  };
}

export interface ApiServicesOptions {
  readonly now?: () => Date;
  /** Told about each lookup of a reused answer, by kind (`shopper_answers`, `reviews_answers`). */
  readonly onAnswerLookup?: (cache: string) => (outcome: 'hit' | 'miss') => void;
}

/**
 * Reviews answers weigh one plus their page's reviews: 10,000 reviews kept at most (a review's
 * JSON is a few hundred bytes to a few kilobytes), however the pages are cut.
 */
const REVIEWS_WEIGHT = { of: (answer: ReviewsAnswer) => 1 + answer.data.userReviews.length, max: 10_000 };

type ServicesConfig = Pick<ApiConfig, 'MAX_STAY_NIGHTS' | 'MAX_ADVANCE_DAYS' | 'CHANNEL_NAMES' | 'PROPERTY_ANSWER_CACHE_MS'>;

/** The services over these connectors, as the configuration sets them. */
export async function createApiServices(connectors: Connectors, config: ServicesConfig, options: ApiServicesOptions = {}): Promise<ApiServices> {
  const { now = () => new Date(), onAnswerLookup } = options;
  return {
    connectors,
    directory: await loadPropertyDirectory(connectors.catalog),
    stayPolicy: { maxNights: config.MAX_STAY_NIGHTS, maxAdvanceDays: config.MAX_ADVANCE_DAYS },
    channelNames: config.CHANNEL_NAMES,
    now,
    recentAnswers: {
      shopper: new RecentAnswers(config.PROPERTY_ANSWER_CACHE_MS, onAnswerLookup?.('shopper_answers')),
      reviews: new RecentAnswers(config.PROPERTY_ANSWER_CACHE_MS, onAnswerLookup?.('reviews_answers'), REVIEWS_WEIGHT),
    },
  };
}
