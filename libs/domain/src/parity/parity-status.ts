import type { ParityStatus } from '../enums.js';

/** The default tolerance, in percent of the direct price: channels round, and so do we. */
export const DEFAULT_PARITY_TOLERANCE_PERCENT = 1;

/**
 * How channel price `channel` compares with direct price `direct`, within `tolerancePercent` of
 * the direct price (0 to 100): WIN when the channel is dearer than direct × (1 + t/100), LOSE when
 * it is cheaper than direct × (1 − t/100), else MEET. Both prices in the same currency.
 */
export function parityStatus(direct: number, channel: number, tolerancePercent: number): ParityStatus {
  if (!(tolerancePercent >= 0 && tolerancePercent <= 100)) throw new RangeError(`Tolerance must be 0 to 100 percent, got ${tolerancePercent}`);
  const band = (direct * tolerancePercent) / 100;
  if (channel > direct + band) return 'WIN';
  if (channel < direct - band) return 'LOSE';
  return 'MEET';
}
