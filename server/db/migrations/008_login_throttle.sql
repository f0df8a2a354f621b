-- Failed logins and request rates counted where every replica sees them, and sessions
-- that end.

-- Failed logins (services/loginThrottle.ts). A subject is a keyed hash (TOKEN_KEY) of what is
-- counted: the e-mail typed, whether or not an account has it, so an unknown address behaves
-- exactly like a known one; or the client's address (an IPv6 client's /64). An e-mail's count
-- runs until a successful login or a password reset; an address's restarts with each window.
CREATE TABLE login_failures (
  subject         BYTEA PRIMARY KEY,
  failures        INTEGER NOT NULL CHECK (failures >= 0),
  window_start    TIMESTAMPTZ NOT NULL,
  last_failure_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_last_failure ON login_failures (last_failure_at);

-- Request-rate counters (routes/rateLimits.ts) when no Redis is configured: one fixed window
-- per key: the limit's name and a keyed hash of the client (address or account).
CREATE TABLE rate_limit_counters (
  key       TEXT PRIMARY KEY CHECK (length(key) <= 100),
  count     INTEGER NOT NULL CHECK (count > 0),
  resets_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);

-- A session's idle time runs from the user's last call, which the app's polls are not; its
-- lifetime runs from created_at under the configured limit (SESSION_LIFETIME_HOURS), so a
-- shorter setting also ends the sessions opened before it.
ALTER TABLE sessions RENAME COLUMN last_seen_at TO last_active_at;
ALTER TABLE sessions DROP COLUMN expires_at;
