import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/domain/kit/dateTime';

describe('formatDateTime', () => {
  const intl = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

  it('writes a date and time as a statement does, in the local time', () => {
    expect(formatDateTime(new Date(2026, 8, 5, 14, 7))).toBe('5 Sept 2026, 14:07');
    expect(formatDateTime(new Date(2026, 0, 15, 0, 5).toISOString())).toBe('15 Jan 2026, 00:05');
  });

  it('writes nothing for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });

  it('writes every instant as Intl.DateTimeFormat("en-NG") does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (instant) => {
        expect(formatDateTime(instant)).toBe(intl.format(new Date(instant)));
      }),
      { numRuns: 20_000 },
    );
  });
});
