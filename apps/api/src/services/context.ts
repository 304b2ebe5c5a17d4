import { declareCache } from '@hotelapi/caches';
import type { Connectors } from '@hotelapi/connectors';
import type { AvailabilityMultiResponse, ChannelType, PriceCalendarResponse, StayPolicy } from '@hotelapi/domain';
import type { ApiConfig } from '../config.js';
import { sandboxWidgetOriginsOf } from '../config/schema.js';
import { HeavyWorkAdmission, type AdmitHeavyWork, type HeavyWorkAdmissionSettings } from './admission/heavy-work.js';
import { loadPropertyDirectory, type PropertyDirectory } from './property-directory.js';
import { RecentAnswers } from './recent-answers.js';
import type { ReviewsAnswer, ShopperAnswer } from './property-answers.js';
import { DEFAULT_TOLERANCES, type TolerancesInUse } from './events/tolerances.js';

/** What the services that answer REST routes and MCP tools alike need, built once per process. */
export interface ApiServices {
  readonly connectors: Connectors;
  readonly directory: PropertyDirectory;
  readonly stayPolicy: StayPolicy;
  /** Display names of the channels this deployment shops; only these are returned. */
  readonly channelNames: Readonly<Partial<Record<ChannelType, string>>>;
  /** Origins every chain's widgets may be used from, with sandbox keys only (SANDBOX_WIDGET_ORIGINS). */
  readonly sandboxWidgetOrigins: readonly string[];
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
  /** The tolerances parity is watched within (the default 1 % and each webhook subscription's). */
  readonly parityTolerances: TolerancesInUse;
}

export interface ApiServicesOptions {
  readonly now?: () => Date;
  /** The heavy-work admission, when the caller built it first (to observe its gate); else one from the configuration. */
  readonly heavyWork?: HeavyWorkAdmission;
  /** The tolerances in use, from the webhook subscriptions; absent, the default 1 % only. */
  readonly tolerancesInUse?: TolerancesInUse;
}

const REUSED_FOR_A_MOMENT = 'expires: the data may be up to the TTL older than the source’s; failures are not kept';
const SHOPPER_ANSWERS = declareCache({
  name: 'shopper-answers',
  key: 'property, language and the checked shopper query (shared in progress; kept once asked a second time)',
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
  key: 'property, language and the checked reviews query (shared in progress; kept once asked a second time)',
  max: 1_000,
  maxSize: { limit: 10_000, unit: 'reviews (one plus a page’s reviews each)' },
  ttlMs: 1_000,
  ttlSetting: 'PROPERTY_ANSWER_CACHE_MS',
  invalidation: REUSED_FOR_A_MOMENT,
});

/**
 * Chain answers kept for reuse, weighed by their hotels: a MEGA answer (500 hotels) is a few
 * megabytes of objects, its JSON about one more, and a few dozen kept for their seconds would
 * hold more memory than everything else the service keeps.
 */
const CHAIN_ANSWERS = declareCache({
  name: 'chain-answers',
  key: 'caller language and the checked chain-availability question (shared in progress; kept once asked a second time)',
  max: 64,
  maxSize: { limit: 4_000, unit: 'hotels (one plus an answer’s hotels each)' },
  ttlMs: 1_000,
  ttlSetting: 'CHAIN_ANSWER_CACHE_MS',
  invalidation: REUSED_FOR_A_MOMENT,
});
/** Price calendars are small (a few hundred dates); the count is the bound. */
const PRICE_CALENDARS = declareCache({
  name: 'price-calendars',
  key: 'the checked price-calendar question (shared in progress, then kept)',
  max: 256,
  ttlMs: 1_000,
  ttlSetting: 'CHAIN_ANSWER_CACHE_MS',
  invalidation: REUSED_FOR_A_MOMENT,
});

type HeavyWorkConfig = Pick<
  ApiConfig,
  'HEAVY_REQUESTS_CONCURRENCY' | 'HEAVY_REQUESTS_QUEUE' | 'HEAVY_REQUESTS_MAX_WAIT_MS' | 'CONCURRENT_HEAVY_REQUESTS_PER_CLIENT' | 'CHAIN_ANSWER_CACHE_MS'
>;
type ServicesConfig = Pick<ApiConfig, 'MAX_STAY_NIGHTS' | 'MAX_ADVANCE_DAYS' | 'CHANNEL_NAMES' | 'PROPERTY_ANSWER_CACHE_MS' | 'SANDBOX_WIDGET_ORIGINS' | 'SANDBOX_KEYS' | 'CONNECTOR'> & HeavyWorkConfig;

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
  const { now = () => new Date() } = options;
  const admission = options.heavyWork ?? new HeavyWorkAdmission(heavyWorkSettings(config));
  const ttlMs = config.CHAIN_ANSWER_CACHE_MS;
  return {
    connectors,
    directory: await loadPropertyDirectory(connectors.catalog),
    stayPolicy: { maxNights: config.MAX_STAY_NIGHTS, maxAdvanceDays: config.MAX_ADVANCE_DAYS },
    channelNames: config.CHANNEL_NAMES,
    sandboxWidgetOrigins: sandboxWidgetOriginsOf(config),
    now,
    recentAnswers: {
      shopper: new RecentAnswers<ShopperAnswer>(SHOPPER_ANSWERS, config.PROPERTY_ANSWER_CACHE_MS),
      reviews: new RecentAnswers<ReviewsAnswer>(REVIEWS_ANSWERS, config.PROPERTY_ANSWER_CACHE_MS, (answer) => 1 + answer.data.userReviews.length),
    },
    heavyWork: {
      chainSearches: admission.ofKind<AvailabilityMultiResponse>({ cache: CHAIN_ANSWERS, ttlMs, sizeOf: (answer) => 1 + answer.hotels.length, keepAskedAgain: true }),
      priceCalendars: admission.ofKind<PriceCalendarResponse>({ cache: PRICE_CALENDARS, ttlMs }),
      admission,
    },
    parityTolerances: options.tolerancesInUse ?? DEFAULT_TOLERANCES,
  };
}
