-- The transaction pin never leaves the server. users.pin_sealed stays sealed at rest
-- but is only ever opened to compare: no answer carries it, only the marker that one is set.

-- Wrong pins in a row, shared by every screen, tab and session of the user; checked and written
-- under the account row lock. pin_locked_at: purchases and change-pin are refused from then
-- until the pin is reset (the third wrong-pin logout within a day).
ALTER TABLE users
  ADD COLUMN pin_attempts INTEGER NOT NULL DEFAULT 0 CHECK (pin_attempts >= 0),
  ADD COLUMN pin_locked_at TIMESTAMPTZ;

-- One row per logout for wrong pins: the escalation counts those of the last 24 hours.
-- Resetting the pin deletes them.
CREATE TABLE pin_lockouts (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX pin_lockouts_user_created ON pin_lockouts (user_id, created_at DESC);

-- An e-mailed code serves one purpose: a verify-email code cannot reset a pin, nor the reverse.
-- The codes already sent were all for verify-email; from now on the application names it.
ALTER TABLE email_otps ADD COLUMN purpose TEXT NOT NULL DEFAULT 'verify-email' CHECK (purpose IN ('verify-email', 'reset-pin'));
ALTER TABLE email_otps ALTER COLUMN purpose DROP DEFAULT;
DROP INDEX email_otps_user_created;
CREATE INDEX email_otps_user_purpose_created ON email_otps (user_id, purpose, created_at DESC);

-- The former pin policy (5 wrong pins, then 30 minutes) is replaced by users.pin_attempts.
DELETE FROM failed_attempts WHERE purpose = 'transaction-pin';

-- idempotency_keys.request_hash (005) no longer covers the pin: the pin authorises a request and
-- is checked, and counted, on every copy. A key claimed before this migration and replayed
-- after it is answered 409, as a different request.
