import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  atLagos,
  daysInMonth,
  followingRun,
  isMissed,
  lagosTimeOf,
  MINUTES_PER_DAY,
  nextRunAfter,
  parseTime,
  renewalRunAt,
  timeText,
  weekdayOf,
  withinEnd,
  type Cadence,
  type End,
  type Rule,
} from '../../../core/scheduleCalendar';
import { addDays, DAY_MS, lagosDay } from '../../../core/days';

/** Instants from 1990 to 2100: leap years, century rules and every weekday and month. */
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const time = fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 });
const day = instant.map(lagosDay);
const repeating: fc.Arbitrary<Cadence> = fc.oneof(
  fc.constant({ kind: 'daily' as const }),
  fc.integer({ min: 0, max: 6 }).map((weekday) => ({ kind: 'weekly' as const, weekday })),
  fc.integer({ min: 1, max: 31 }).map((monthDay) => ({ kind: 'monthly' as const, day: monthDay })),
);
const repeatingRule: fc.Arbitrary<Rule> = fc.record({ cadence: repeating, time });

/** The longest gap between two runs of a cadence, plus a day of slack for where `after` falls. */
const longestGap = (cadence: Cadence) => (cadence.kind === 'daily' ? 1 : cadence.kind === 'weekly' ? 7 : 62) * DAY_MS;

describe('the schedule calendar (Africa/Lagos, UTC+1 all year)', () => {
  it('a wall time and its instant are the same thing both ways', () => {
    fc.assert(
      fc.property(day, time, (d, t) => {
        const at = atLagos(d, t);
        expect(lagosDay(at)).toBe(d);
        expect(lagosTimeOf(at)).toBe(t);
        expect(parseTime(timeText(t))).toBe(t);
      }),
    );
  });

  it('the next run of a repeating rule is after the instant, at its Lagos time, on a day the cadence allows, within one period', () => {
    fc.assert(
      fc.property(repeatingRule, instant, (rule, after) => {
        const next = nextRunAfter(rule, after)!;
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(longestGap(rule.cadence));
        expect(lagosTimeOf(next)).toBe(rule.time);
        const runDay = lagosDay(next);
        const [year, month, date] = runDay.split('-').map(Number);
        if (rule.cadence.kind === 'weekly') expect(weekdayOf(runDay)).toBe(rule.cadence.weekday);
        // The month's own day, or its last day when the month is shorter.
        if (rule.cadence.kind === 'monthly') expect(date).toBe(Math.min(rule.cadence.day, daysInMonth(year, month)));
      }),
    );
  });

  it('no run is skipped: from any instant before the next run, the next run is the same', () => {
    fc.assert(
      fc.property(repeatingRule, instant, fc.double({ min: 0, max: 1, noNaN: true }), (rule, after, fraction) => {
        const next = nextRunAfter(rule, after)!;
        const between = new Date(after.getTime() + Math.floor((next.getTime() - after.getTime() - 1) * fraction));
        expect(nextRunAfter(rule, between)).toEqual(next);
        // And the instant of a run is not its own next run: the one after it is.
        expect(nextRunAfter(rule, next)!.getTime()).toBeGreaterThan(next.getTime());
      }),
    );
  });

  it('consecutive runs of a monthly rule fall in consecutive months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), time, instant, (monthDay, t, after) => {
        const rule: Rule = { cadence: { kind: 'monthly', day: monthDay }, time: t };
        const first = nextRunAfter(rule, after)!;
        const second = nextRunAfter(rule, first)!;
        expect(addMonths(lagosDay(first), 1).slice(0, 7)).toBe(lagosDay(second).slice(0, 7));
      }),
    );
  });

  it('a one-off runs once, at its time, and then never', () => {
    fc.assert(
      fc.property(day, time, instant, (d, t, after) => {
        const rule: Rule = { cadence: { kind: 'once', date: d }, time: t };
        const at = atLagos(d, t);
        expect(nextRunAfter(rule, after)).toEqual(at > after ? at : null);
        expect(nextRunAfter(rule, at)).toBeNull();
      }),
    );
  });

  it('a renewal runs the chosen number of days before the due date, on that Lagos day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 14 }), time, (due, before, t) => {
        const at = renewalRunAt(due, before, t);
        expect(lagosDay(at)).toBe(addDays(due, -before));
        expect(lagosTimeOf(at)).toBe(t);
        const rule: Rule = { cadence: { kind: 'renewal', dueDate: due, daysBefore: before }, time: t };
        expect(nextRunAfter(rule, new Date(at.getTime() - 1))).toEqual(at);
        expect(nextRunAfter(rule, at)).toBeNull();
      }),
    );
  });

  it('the run after one dealt with is past both its due time and now, and only within the end', () => {
    const end: fc.Arbitrary<End> = fc.oneof(
      fc.constant({ kind: 'never' as const }),
      fc.integer({ min: 1, max: 12 }).map((runs) => ({ kind: 'after' as const, runs })),
      day.map((date) => ({ kind: 'on' as const, date })),
    );
    fc.assert(
      fc.property(
        repeatingRule,
        end,
        fc.integer({ min: 0, max: 12 }),
        instant,
        fc.integer({ min: -40 * DAY_MS, max: 40 * DAY_MS }),
        (rule, stop, done, due, drift) => {
          const now = new Date(due.getTime() + drift);
          const next = followingRun(rule, stop, done, due, now);
          const candidate = nextRunAfter(rule, due > now ? due : now)!;
          expect(next).toEqual(withinEnd(stop, done, candidate) ? candidate : null);
          if (next) expect(next.getTime()).toBeGreaterThan(Math.max(due.getTime(), now.getTime()));
        },
      ),
    );
  });

  it('adding months keeps the day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -24, max: 24 }), (d, months) => {
        const [year, month, date] = d.split('-').map(Number);
        const [y2, m2, d2] = addMonths(d, months).split('-').map(Number);
        expect((y2 - year) * 12 + (m2 - month)).toBe(months);
        expect(d2).toBe(Math.min(date, daysInMonth(y2, m2)));
      }),
    );
  });

  it('examples: the last day of short months, leap years, the Lagos day around midnight UTC', () => {
    const monthly31: Rule = { cadence: { kind: 'monthly', day: 31 }, time: 9 * 60 };
    expect(nextRunAfter(monthly31, new Date('2026-01-31T09:00:00+01:00'))).toEqual(
      new Date('2026-02-28T09:00:00+01:00'),
    );
    expect(nextRunAfter(monthly31, new Date('2028-02-01T00:00:00+01:00'))).toEqual(
      new Date('2028-02-29T09:00:00+01:00'),
    );
    expect(nextRunAfter(monthly31, new Date('2026-04-30T09:00:00+01:00'))).toEqual(
      new Date('2026-05-31T09:00:00+01:00'),
    );
    // 23:30 UTC on the 4th is 00:30 on the 5th in Lagos: a daily 00:15 run is the 6th's.
    expect(nextRunAfter({ cadence: { kind: 'daily' }, time: 15 }, new Date('2026-03-04T23:30:00Z'))).toEqual(
      new Date('2026-03-06T00:15:00+01:00'),
    );
    // 2026-03-06 is a Friday: the next Friday 18:00 from Friday 18:00 is a week on.
    expect(
      nextRunAfter({ cadence: { kind: 'weekly', weekday: 5 }, time: 18 * 60 }, new Date('2026-03-06T18:00:00+01:00')),
    ).toEqual(new Date('2026-03-13T18:00:00+01:00'));
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(renewalRunAt('2026-03-01', 2, 8 * 60)).toEqual(new Date('2026-02-27T08:00:00+01:00'));
  });

  it('a run missed by more than the grace period is missed; within it, it is still made', () => {
    const due = new Date('2026-06-01T09:00:00+01:00');
    expect(isMissed(due, new Date(due.getTime() + 60_000), 3_600_000)).toBe(false);
    expect(isMissed(due, new Date(due.getTime() + 3_600_000), 3_600_000)).toBe(false);
    expect(isMissed(due, new Date(due.getTime() + 3_600_001), 3_600_000)).toBe(true);
  });

  it('refuses what is not a time of day', () => {
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('9:00')).toBeNull();
    expect(() => atLagos('2026-02-30', 0)).toThrow(RangeError);
    expect(() => nextRunAfter({ cadence: { kind: 'daily' }, time: MINUTES_PER_DAY }, new Date())).toThrow(RangeError);
  });
});
