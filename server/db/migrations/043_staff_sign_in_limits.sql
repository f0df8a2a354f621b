-- Staff sign-in is limited per account, wrong passwords and wrong codes each on their own count
-- (server/services/failedAttempts.ts, server/console/services/signIn.ts): a right password clears
-- neither, a right code (signed in) both. Wrong codes lock the account's second factor; wrong
-- passwords only make the account wait, during which a password is checked with the code, never
-- said right or wrong on its own, so that nobody who knows only an e-mail can keep its owner out.
CREATE TABLE staff_failed_attempts (
  staff_id        BIGINT NOT NULL REFERENCES staff (id),
  purpose         TEXT NOT NULL CHECK (purpose IN ('staff-password', 'staff-code')),
  failures        INTEGER NOT NULL CHECK (failures > 0),
  locks           INTEGER NOT NULL DEFAULT 0 CHECK (locks >= 0),
  locked_until    TIMESTAMPTZ,
  last_failure_at TIMESTAMPTZ,
  PRIMARY KEY (staff_id, purpose)
);
COMMENT ON COLUMN staff_failed_attempts.locks IS 'Locks (or waits) served or running since the last right code.';

-- A half-open session opened while its account waited after wrong passwords: its answer did not
-- say whether the password was right; the code step says it once, with the code.
ALTER TABLE staff_sessions
  ADD COLUMN password_unconfirmed BOOLEAN NOT NULL DEFAULT FALSE,
  ADD COLUMN password_right BOOLEAN NOT NULL DEFAULT TRUE,
  ADD CHECK (password_right OR password_unconfirmed);

-- Wrong codes on a half-open session are counted on the account now, which ends the session at
-- its lock; what stays counted per session is the enrolment's (a code of a secret just shown).
COMMENT ON COLUMN staff_sessions.factor_failures IS 'Wrong codes of the enrolment on this session; it ends at the fifth.';

-- Superseded by staff_failed_attempts.
COMMENT ON COLUMN staff.failed_attempts IS 'Not read any more: staff_failed_attempts counts wrong passwords and codes.';
COMMENT ON COLUMN staff.locked_until IS 'Not read any more: staff_failed_attempts holds the locks.';
