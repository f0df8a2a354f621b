/** Statement periods: calendar days in Lagos (core/days.ts), a year at most. */

/** A statement covers at most this many days: a year, with room for a leap day. */
export const STATEMENT_MAX_DAYS = 366;
