/** Statement periods: calendar days in Lagos (core/days.ts), a year at most. */

/** A statement covers at most this many days: a year, with room for a leap day. */
export const STATEMENT_MAX_DAYS = 366;

/**
 * A statement document holds at most this many ledger entries (about 2,000 PDF pages): past it,
 * the user is asked for a shorter period rather than a document no one can open on a phone.
 */
export const STATEMENT_MAX_ENTRIES = 100_000;
