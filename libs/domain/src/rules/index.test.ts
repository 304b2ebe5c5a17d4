import { describe, expect, it } from 'vitest';
import * as rules from './index.js';

describe('rules/index', () => {
  it('exposes every rule and table', () => {
    expect(Object.keys(rules).sort()).toEqual([
      'BOARDS',
      'DEFAULT_STAY_POLICY',
      'addDays',
      'boardByCode',
      'cachedTimeZoneFormatters',
      'checkStay',
      'convertAmount',
      'currencySymbol',
      'dayOfWeek',
      'daysBetween',
      'eachNight',
      'haversineKm',
      'isCalendarDate',
      'isKnownBoardCode',
      'isKnownCurrency',
      'isValidTimeZone',
      'minorUnits',
      'nightsBetween',
      'paginate',
      'roundHalfAwayFromZero',
      'roundToMinorUnits',
      'scoreBand',
      'seasonInMonth',
      'seasonOf',
      'toTenPointScale',
      'todayInTimeZone',
      'weightedOverallScore',
    ]);
  });
});
