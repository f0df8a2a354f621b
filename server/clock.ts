/** The one source of "now" on the server, so tests can move time (OTP expiry, sessions, reset links). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
