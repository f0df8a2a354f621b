import { describe, expect, it } from 'vitest';
import {
  addDays,
  atLagosTime,
  daysCovered,
  isDay,
  lagosDateTime,
  lagosDay,
  lagosDayRange,
  lagosDayStart,
  lagosMinuteDigits,
  lagosTimeInWords,
  startOfLagosDay,
} from '../../../core/days';

describe('Africa/Lagos days (UTC+1 all year)', () => {
  it('starts a day at midnight in Lagos, whatever the UTC date says', () => {
    expect(startOfLagosDay(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-02T23:30:00Z')).toISOString()).toBe('2026-03-02T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-02T22:59:59Z')).toISOString()).toBe('2026-03-01T23:00:00.000Z');
  });

  it('names the day an instant falls on, and a day as its instants', () => {
    expect(lagosDay(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(lagosDay(new Date('2026-03-10T22:59:59.999Z'))).toBe('2026-03-10');
    expect(lagosDayRange('2026-03-10')).toEqual({
      from: new Date('2026-03-09T23:00:00Z'),
      to: new Date('2026-03-10T23:00:00Z'),
    });
    expect(lagosDayStart('2026-03-10')).toEqual(new Date('2026-03-09T23:00:00Z'));
    expect(() => lagosDayRange('10/03/2026')).toThrow(RangeError);
  });

  it('knows real days from text that only looks like one', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-3-1')).toBe(false);
    expect(lagosDayStart('2026-02-30')).toBeNull();
  });

  it('counts and moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysCovered(lagosDayStart('2026-01-01')!, lagosDayStart('2026-12-31')!)).toBe(365);
    expect(daysCovered(lagosDayStart('2026-05-05')!, lagosDayStart('2026-05-05')!)).toBe(1);
  });

  it('reads and writes Lagos wall-clock times', () => {
    expect(lagosDateTime(new Date('2026-11-22T13:05:59Z'))).toBe('2026-11-22 14:05');
    expect(lagosMinuteDigits(new Date('2026-12-31T23:59:00Z'))).toBe('202701010059');
    expect(atLagosTime(2021, 11, 17, 11, 28, 42, 615)).toEqual(new Date('2021-11-17T10:28:42.615Z'));
    expect(atLagosTime(2026, 1, 1)).toEqual(new Date('2025-12-31T23:00:00Z'));
    expect(atLagosTime(2026, 2, 30)).toBeNull();
    expect(atLagosTime(2026, 1, 1, 24)).toBeNull();
  });

  it('writes a Lagos time in words for receipts and screens, on the 24-hour clock', () => {
    expect(lagosTimeInWords(new Date('2026-12-05T08:00:00Z'))).toBe('5 Dec 2026, 09:00');
    expect(lagosTimeInWords(new Date('2026-12-31T23:30:00Z'), { weekday: true })).toBe('Fri, 1 Jan 2027, 00:30');
  });
});
