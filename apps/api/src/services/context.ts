import { declareCache } from '@hotelapi/caches';
import type { Connectors } from '@hotelapi/connectors';
import type { ChannelType, StayPolicy } from '@hotelapi/domain';
import type { ApiConfig } from '../config.js';
import { loadPropertyDirectory, type PropertyDirectory } from './property-directory.js';
import { RecentAnswers } from './recent-answers.js';
import type { ReviewsAnswer } from './reviews.js';
import type { ShopperAnswer } from './shopper.js';

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
}

const REUSED_FOR_A_MOMENT = 'expires: the data may be up to the TTL older than the source’s; failures are not kept';
const SHOPPER_ANSWERS = declareCache({
  name: 'shopper-answers',
  key: 'property, language and the checked shopper query (shared in progress, then kept)',
  max: 1_000,
  ttlMs: 1_000,
  ttlSetting: 'PROPERTY_ANSWER_CACHE_MS',
  invalidation: REUSED_FOR_A_MOMENT,
});
/**
 * Reviews answers weigh one plus their page's reviews: 10,000 reviews kept at most (a review's
 * JSON is a few hundred bytes to a few kilobytes), however the pages are cut.
 */
const REVIEWS_ANSWERS = declareCache({
  name: 'reviews-answers',
  key: 'property, language and the checked reviews query (shared in progress, then kept)',
  max: 1_000,
  maxSize: { limit: 10_000, unit: 'reviews (one plus a page’s reviews each)' },
  ttlMs: 1_000,
  ttlSetting: 'PROPERTY_ANSWER_CACHE_MS',
  invalidation: REUSED_FOR_A_MOMENT,
});

type ServicesConfig = Pick<ApiConfig, 'MAX_STAY_NIGHTS' | 'MAX_ADVANCE_DAYS' | 'CHANNEL_NAMES' | 'PROPERTY_ANSWER_CACHE_MS'>;

/** The services over these connectors, as the configuration sets them. */
export async function createApiServices(connectors: Connectors, config: ServicesConfig, options: ApiServicesOptions = {}): Promise<ApiServices> {
  const { now = () => new Date() } = options;
  return {
    connectors,
    directory: await loadPropertyDirectory(connectors.catalog),
    stayPolicy: { maxNights: config.MAX_STAY_NIGHTS, maxAdvanceDays: config.MAX_ADVANCE_DAYS },
    channelNames: config.CHANNEL_NAMES,
    now,
    recentAnswers: {
      shopper: new RecentAnswers<ShopperAnswer>(SHOPPER_ANSWERS, config.PROPERTY_ANSWER_CACHE_MS),
      reviews: new RecentAnswers<ReviewsAnswer>(REVIEWS_ANSWERS, config.PROPERTY_ANSWER_CACHE_MS, (answer) => 1 + answer.data.userReviews.length),
    },
  };
}
