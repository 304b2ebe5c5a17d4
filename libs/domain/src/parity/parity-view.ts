import type { ChannelType, ParityStatus } from '../enums.js';
import { roundToMinorUnits } from '../rules/currency.js';
import { roundHalfAwayFromZero } from '../rules/decimal-rounding.js';
import { parityStatus } from './parity-status.js';

/** What one channel sells the reference room and rate for; prices in the view's currency. */
export interface ChannelPrice {
  readonly channel: ChannelType;
  readonly price: number;
}

/** One arrival date (or one observation) before judging: the direct price and the channels' prices. */
export interface PricesToJudge {
  /** Null when nothing is sold direct for that stay: no channel can be judged against it. */
  readonly direct: number | null;
  readonly channels: readonly ChannelPrice[];
}

export interface JudgedChannelPrice extends ChannelPrice {
  readonly status: ParityStatus;
}

/** Every channel price of an observation with its status; none when there is no direct price. */
export function judgeChannels(observation: PricesToJudge, tolerancePercent: number): JudgedChannelPrice[] {
  const { direct } = observation;
  if (direct === null) return [];
  return observation.channels.map(({ channel, price }) => ({ channel, price, status: parityStatus(direct, price, tolerancePercent) }));
}

/** The deepest undercut of the direct price by one channel over the dates. */
export interface Undercut {
  readonly date: string;
  /** Direct price minus channel price, in the view's currency. */
  readonly amount: number;
  /** The same in percent of the direct price, one decimal. */
  readonly percent: number;
}

/** One channel over the dates of a parity view. */
export interface ChannelParitySummary {
  readonly channel: ChannelType;
  /** Dates on which the channel's price was judged. */
  readonly dates: number;
  /** Shares of those dates, 0 to 1 (three decimals), won, met and lost. */
  readonly won: number;
  readonly met: number;
  readonly lost: number;
  /** The largest undercut among lost dates; null when the channel never undercuts beyond the tolerance. */
  readonly largestUndercut: Undercut | null;
}

/**
 * The per-channel summary of judged dates: shares won, met and lost, and the largest undercut
 * (the earliest date wins a tie), its amount rounded to `currency`'s minor units. Channels in the
 * order they first appear.
 */
export function summarizeParity(
  dates: readonly { readonly date: string; readonly direct: number | null; readonly channels: readonly JudgedChannelPrice[] }[],
  currency: string,
): ChannelParitySummary[] {
  const tallies = new Map<ChannelType, { dates: number; WIN: number; MEET: number; LOSE: number; undercut: Undercut | null }>();
  for (const { date, direct, channels } of dates) {
    for (const { channel, price, status } of channels) {
      let tally = tallies.get(channel);
      if (!tally) tallies.set(channel, (tally = { dates: 0, WIN: 0, MEET: 0, LOSE: 0, undercut: null }));
      tally.dates++;
      tally[status]++;
      if (status === 'LOSE' && direct !== null) {
        const amount = roundToMinorUnits(direct - price, currency);
        if (!tally.undercut || amount > tally.undercut.amount) {
          tally.undercut = { date, amount, percent: roundHalfAwayFromZero(((direct - price) / direct) * 100, 1) };
        }
      }
    }
  }
  return [...tallies].map(([channel, tally]) => ({
    channel,
    dates: tally.dates,
    won: share(tally.WIN, tally.dates),
    met: share(tally.MEET, tally.dates),
    lost: share(tally.LOSE, tally.dates),
    largestUndercut: tally.undercut,
  }));
}

function share(count: number, total: number): number {
  return total === 0 ? 0 : roundHalfAwayFromZero(count / total, 3);
}
