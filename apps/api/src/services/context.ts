import type { Connectors } from '@hotelapi/connectors';
import type { AvailabilityMultiResponse, ChannelType, PriceCalendarResponse, StayPolicy } from '@hotelapi/domain';
import type { ApiConfig } from '../config.js';
import { HeavyWorkAdmission, type AdmitHeavyWork, type HeavyWorkAdmissionSettings } from './admission/heavy-work.js';
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
  /** Admission of heavy work, the same for every caller: per-caller caps, shared answers, the gate. */
  readonly heavyWork: {
    readonly chainSearches: AdmitHeavyWork<AvailabilityMultiResponse>;
    readonly priceCalendars: AdmitHeavyWork<PriceCalendarResponse>;
    readonly admission: HeavyWorkAdmission;
  };
}

export interface ApiServicesOptions {
  readonly now?: () => Date;
  /** Told about each lookup of a reused answer, by kind (`shopper_answers`, `reviews_answers`). */
  readonly onAnswerLookup?: (cache: string) => (outcome: 'hit' | 'miss') => void;
  /** The heavy-work admission, when the caller built it first (to observe its gate); else one from the configuration. */
  readonly heavyWork?: HeavyWorkAdmission;
}

/**
 * Reviews answers weigh one plus their page's reviews: 10,000 reviews kept at most (a review's
 * JSON is a few hundred bytes to a few kilobytes), however the pages are cut.
 */
const REVIEWS_WEIGHT = { of: (answer: ReviewsAnswer) => 1 + answer.data.userReviews.length, max: 10_000 };

/**
 * Chain answers kept for reuse, weighed by their hotels: a MEGA answer (500 hotels) is a few
 * megabytes of objects, its JSON about one more, and a few dozen kept for their two seconds would
 * hold more memory than everything else the service keeps.
 */
const CHAIN_ANSWERS_KEPT = { max: 64, maxSize: 4_000, sizeOf: (answer: AvailabilityMultiResponse) => 1 + answer.hotels.length };
/** Price calendars are small (a few hundred dates); the count is the bound. */
const CALENDARS_KEPT = { max: 256, maxSize: 256, sizeOf: () => 1 };

type HeavyWorkConfig = Pick<
  ApiConfig,
  'HEAVY_REQUESTS_CONCURRENCY' | 'HEAVY_REQUESTS_QUEUE' | 'HEAVY_REQUESTS_MAX_WAIT_MS' | 'CONCURRENT_HEAVY_REQUESTS_PER_CLIENT' | 'CHAIN_ANSWER_CACHE_MS'
>;
type ServicesConfig = Pick<ApiConfig, 'MAX_STAY_NIGHTS' | 'MAX_ADVANCE_DAYS' | 'CHANNEL_NAMES' | 'PROPERTY_ANSWER_CACHE_MS'> & HeavyWorkConfig;

/** The heavy-work admission's settings, as the configuration sets them. */
export function heavyWorkSettings(config: HeavyWorkConfig): HeavyWorkAdmissionSettings {
  return {
    concurrency: config.HEAVY_REQUESTS_CONCURRENCY,
    queue: config.HEAVY_REQUESTS_QUEUE,
    maxWaitMs: config.HEAVY_REQUESTS_MAX_WAIT_MS,
    perCaller: config.CONCURRENT_HEAVY_REQUESTS_PER_CLIENT,
  };
}

/** The services over these connectors, as the configuration sets them. */
export async function createApiServices(connectors: Connectors, config: ServicesConfig, options: ApiServicesOptions = {}): Promise<ApiServices> {
  const { now = () => new Date(), onAnswerLookup } = options;
  const admission = options.heavyWork ?? new HeavyWorkAdmission(heavyWorkSettings(config));
  const ttlMs = config.CHAIN_ANSWER_CACHE_MS;
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
    heavyWork: {
      chainSearches: admission.ofKind({ ttlMs, ...CHAIN_ANSWERS_KEPT }, onAnswerLookup?.('chain_answers')),
      priceCalendars: admission.ofKind({ ttlMs, ...CALENDARS_KEPT }, onAnswerLookup?.('price_calendars')),
      admission,
    },
  };
}
