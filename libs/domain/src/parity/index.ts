/** Rate parity: a channel's price against our direct price, judged within a tolerance and summed up per channel. */
export { DEFAULT_PARITY_TOLERANCE_PERCENT, parityStatus } from './parity-status.js';
export {
  judgeChannels,
  summarizeParity,
  type ChannelParitySummary,
  type ChannelPrice,
  type JudgedChannelPrice,
  type PricesToJudge,
  type Undercut,
} from './parity-view.js';
