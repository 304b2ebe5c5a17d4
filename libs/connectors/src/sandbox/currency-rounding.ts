/** Minor units per currency, read from the runtime's ISO 4217 data (JPY 0, EUR 2, BHD 3). */
const minorUnits = new Map<string, number>();

function minorUnitsOf(currency: string): number {
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorUnits.set(currency, digits);
  }
  return digits;
}

/** An amount rounded half away from zero to the currency's minor units (whole yen, cents, fils). */
export function roundToMinorUnits(amount: number, currency: string): number {
  const factor = 10 ** minorUnitsOf(currency);
  // The relative nudge keeps values such as 1.005 (stored as 1.00499999...) from rounding down.
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor * (1 + Number.EPSILON))) / factor;
}
