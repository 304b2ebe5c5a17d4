/**
 * How far, relative to the scaled value, a binary double may sit from the decimal it stands for
 * after parsing and one multiplication: a few units in the last place (2^-52 each). Within this
 * distance of a tie, the cheap arithmetic path cannot tell which way to round.
 */
const NEAR_TIE = Number.EPSILON * 16;

/**
 * Significant decimal digits a double always carries faithfully. Any decimal of at most 15
 * digits survives a round trip through a double, so digits beyond are representation noise.
 */
const FAITHFUL_DIGITS = 15;

/**
 * Rounds `value` to `decimals` places (a small non-negative integer), half away from zero, as a
 * person rounding the decimal they see would: 1.005 -> 1.01 and 2.675 -> 2.68, although
 * neither is exactly representable in binary (1.005 is stored as 1.00499999999999989...).
 *
 * Exact for every value, or product of values, whose decimal has at most 15 significant
 * digits, which covers money and review scores. Integers and non-finite values are returned
 * unchanged.
 */
export function roundHalfAwayFromZero(value: number, decimals: number): number {
  // Integers have nothing to round, and past 2^53 dividing by the scale again would blur them.
  if (Number.isInteger(value) || !Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const scale = 10 ** decimals;
  const scaled = magnitude * scale;
  // Almost every value is far from a tie, where float error cannot change the outcome and
  // plain arithmetic is right; only near-ties pay for reading the decimal digits.
  const nearTie = Math.abs(scaled - Math.floor(scaled) - 0.5) <= scaled * NEAR_TIE;
  const rounded = Math.round(nearTie ? shiftFaithfulDecimal(magnitude, decimals) : scaled) / scale;
  // `|| 0` turns negative zero into zero: -0.001 rounds to a plain 0, which no client misreads.
  return value < 0 ? -rounded || 0 : rounded;
}

/**
 * `magnitude * 10^decimals` computed on the decimal digits rather than the binary value: moving
 * the exponent of "1.00500000000000" by 2 parses to exactly 100.5, where 1.005 * 100 gives
 * 100.49999999999999.
 */
function shiftFaithfulDecimal(magnitude: number, decimals: number): number {
  const [mantissa, exponent = '0'] = magnitude.toPrecision(FAITHFUL_DIGITS).split('e');
  return Number(`${mantissa}e${Number(exponent) + decimals}`);
}
