import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { relativeTime } from '../../../src/domain/kit/relativeTime';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('names the largest whole unit, singular for one and plural otherwise', () => {
    expect(relativeTime(ago(DAY), NOW)).toBe('1 day ago');
    expect(relativeTime(ago(3 * DAY + 5 * HOUR), NOW)).toBe('3 days ago');
    expect(relativeTime(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * HOUR + 59 * MINUTE), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(45 * MINUTE), NOW)).toBe('45 minutes ago');
    expect(relativeTime(ago(SECOND), NOW)).toBe('1 second ago');
    expect(relativeTime(ago(5 * SECOND), NOW)).toBe('5 seconds ago');
  });

  it('switches unit exactly at the boundary', () => {
    expect(relativeTime(ago(59 * SECOND + 999), NOW)).toBe('59 seconds ago');
    expect(relativeTime(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(HOUR - 1), NOW)).toBe('59 minutes ago');
    expect(relativeTime(ago(DAY - 1), NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(400 * DAY), NOW)).toBe('400 days ago');
  });

  it('reads a time at or after the clock as no time ago (a phone clock running slow)', () => {
    expect(relativeTime(ago(0), NOW)).toBe('0 seconds ago');
    expect(relativeTime(ago(-10 * MINUTE), NOW)).toBe('0 seconds ago');
  });

  it('takes ISO strings, epoch milliseconds and dates, and answers nothing for an unreadable date', () => {
    expect(relativeTime(NOW - 2 * HOUR, new Date(NOW))).toBe('2 hours ago');
    expect(relativeTime(new Date(NOW - 2 * DAY), NOW)).toBe('2 days ago');
    expect(relativeTime('not a date', NOW)).toBe('');
    expect(relativeTime('', NOW)).toBe('');
  });

  it('always answers "<n> <unit>[s] ago" with the plural exactly when n is not 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 * DAY }), (elapsed) => {
        const match = /^(\d+) (day|hour|minute|second)(s?) ago$/.exec(relativeTime(ago(elapsed), NOW));
        expect(match).not.toBeNull();
        const [, count, , plural] = match!;
        expect(plural === 's').toBe(Number(count) !== 1);
      }),
    );
  });
});
