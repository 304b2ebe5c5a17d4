import { describe, expect, it } from 'vitest';
import { checkStay, DEFAULT_STAY_POLICY, type StayPolicy } from './stay-policy.js';

const TODAY = '2026-11-21';

/** The stay checked against the default policy, with today in one zone unless said otherwise. */
function check(checkIn: string, checkOut: string, todayByZone: readonly string[] = [TODAY], policy: StayPolicy = DEFAULT_STAY_POLICY) {
  return checkStay({ checkIn, checkOut }, policy, todayByZone);
}

describe('checkStay', () => {
  it('accepts a stay within the policy, including one that starts today', () => {
    expect(check('2026-12-01', '2026-12-05')).toBeUndefined();
    expect(check(TODAY, '2026-11-22')).toBeUndefined();
  });

  it('refuses a check-in before today in the property time zone', () => {
    expect(check('2026-01-01', '2026-01-03')).toEqual({
      param: 'checkIn',
      code: 'checkin_in_past',
      message: "checkIn 2026-01-01 is before today (2026-11-21) in the property's time zone",
    });
    expect(check('2026-11-20', '2026-11-25')?.code).toBe('checkin_in_past');
  });

  it('refuses a check-in that is past in only one of several zones', () => {
    // Already Sunday in Kiritimati, still Saturday in Lisbon and Pago Pago.
    const todayByZone = ['2026-11-21', '2026-11-22', '2026-11-21'];
    expect(check('2026-11-21', '2026-11-23', todayByZone)).toEqual({
      param: 'checkIn',
      code: 'checkin_in_past',
      message: 'checkIn 2026-11-21 is before today (2026-11-22) in the time zone of at least one of the properties',
    });
    expect(check('2026-11-22', '2026-11-23', todayByZone)).toBeUndefined();
  });

  it('refuses a check-out on or before the check-in', () => {
    expect(check('2026-12-01', '2026-12-01')).toEqual({
      param: 'checkOut',
      code: 'checkout_not_after_checkin',
      message: 'checkOut 2026-12-01 must be after checkIn 2026-12-01',
    });
    expect(check('2026-12-05', '2026-12-01')?.code).toBe('checkout_not_after_checkin');
  });

  it('accepts 30 nights and refuses 31', () => {
    expect(check('2026-12-15', '2027-01-14')).toBeUndefined();
    expect(check('2026-12-15', '2027-01-15')).toEqual({
      param: 'checkOut',
      code: 'stay_too_long',
      message: 'The stay from checkIn 2026-12-15 to checkOut 2027-01-15 is 31 nights; at most 30 nights are allowed',
    });
  });

  it('accepts a check-in 365 days ahead and refuses 366', () => {
    expect(check('2027-11-21', '2027-11-22')).toBeUndefined();
    expect(check('2027-11-22', '2027-11-23')).toEqual({
      param: 'checkIn',
      code: 'checkin_too_far_ahead',
      message: 'checkIn 2027-11-22 is 366 days after today (2026-11-21); it may be at most 365 days ahead',
    });
  });

  it('counts days ahead from the earliest today of several zones', () => {
    const todayByZone = ['2026-11-22', '2026-11-21'];
    expect(check('2027-11-21', '2027-11-22', todayByZone)).toBeUndefined();
    expect(check('2027-11-22', '2027-11-23', todayByZone)?.code).toBe('checkin_too_far_ahead');
  });

  it('counts a leap day like any other day', () => {
    // 2027-03-01 + 365 days is 2028-02-29.
    expect(check('2028-02-29', '2028-03-01', ['2027-03-01'])).toBeUndefined();
    expect(check('2028-03-01', '2028-03-02', ['2027-03-01'])?.code).toBe('checkin_too_far_ahead');
  });

  it('applies a configured policy and names its limits', () => {
    const policy = { maxNights: 7, maxAdvanceDays: 30 };
    expect(check('2026-11-25', '2026-12-02', [TODAY], policy)).toBeUndefined();
    expect(check('2026-11-25', '2026-12-03', [TODAY], policy)?.message).toContain('at most 7 nights');
    expect(check('2026-12-22', '2026-12-23', [TODAY], policy)?.message).toContain('at most 30 days ahead');
  });

  it("speaks in the caller's parameter names", () => {
    const names = { checkIn: 'checkin', checkOut: 'checkout' } as const;
    const reversed = checkStay({ checkIn: '2026-12-05', checkOut: '2026-12-01' }, DEFAULT_STAY_POLICY, [TODAY], names);
    expect(reversed).toEqual({
      param: 'checkout',
      code: 'checkout_not_after_checkin',
      message: 'checkout 2026-12-01 must be after checkin 2026-12-05',
    });
    expect(checkStay({ checkIn: '2026-01-01', checkOut: '2026-01-02' }, DEFAULT_STAY_POLICY, [TODAY], names)?.param).toBe('checkin');
  });

  it('reports the check-in first when both dates are wrong', () => {
    expect(check('2026-01-05', '2026-01-01')?.code).toBe('checkin_in_past');
  });

  it('refuses to judge without a today or with malformed dates', () => {
    expect(() => check('2026-12-01', '2026-12-02', [])).toThrow(RangeError);
    expect(() => check('2026-02-30', '2026-03-02')).toThrow(RangeError);
  });
});

describe('DEFAULT_STAY_POLICY', () => {
  it('holds the product limits and cannot be changed', () => {
    expect(DEFAULT_STAY_POLICY).toEqual({ maxNights: 30, maxAdvanceDays: 365 });
    expect(Object.isFrozen(DEFAULT_STAY_POLICY)).toBe(true);
  });
});
