import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleEnd, ScheduleFrequency } from '../../../core/contract';
import { lagosTimeInWords } from '../../../core/days';
import { describeEnd, describeTiming, FREQUENCIES } from '../../../core/schedules';
import { t } from '../../../src/ui/kit/language';
import { endText, formatLagos, timingText } from '../../../src/domain/schedules/schedules';

/**
 * The calendar the schedule screens write with their own words (no Intl) reads, in English, word
 * for word as the server's e-mails (core/schedules.ts) and Intl's en-NG reading do.
 */
describe("the schedules' calendar in words, in English", () => {
  it('a timing reads as describeTiming reads it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ScheduleFrequency>(...FREQUENCIES),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 14 }),
        (frequency, weekday, monthDay, daysBefore) => {
          const timing = {
            frequency,
            date: '2026-12-05',
            weekday,
            month_day: monthDay,
            days_before: daysBefore,
            time: '09:30',
          };
          expect(timingText(timing, t, 'en')).toBe(describeTiming(timing));
        },
      ),
    );
  });

  it('an end reads as describeEnd reads it', () => {
    const ends: ScheduleEnd[] = [
      { kind: 'never' },
      { kind: 'on', date: '2027-01-31' },
      ...[1, 2, 11, 1000].map((runs) => ({ kind: 'after' as const, runs })),
    ];
    for (const end of ends) expect(endText(end, t, 'en')).toBe(describeEnd(end));
  });

  it('an instant reads as Intl reads it in en-NG, in Lagos', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          expect(formatLagos(instant.toISOString(), t)).toBe(lagosTimeInWords(instant, { weekday: true }));
        },
      ),
    );
    expect(formatLagos('not a time', t)).toBe('');
    expect(formatLagos(null, t)).toBe('');
  });
});
