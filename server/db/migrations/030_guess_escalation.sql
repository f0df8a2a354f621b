-- Wrong guesses of an e-mailed code no longer start over when a lock ends: the count runs until
-- a right guess or a day without a wrong one, each lock lasts twice the one before, and the
-- locks are counted (services/failedAttempts.ts).
ALTER TABLE failed_attempts
  ADD COLUMN locks INTEGER NOT NULL DEFAULT 0 CHECK (locks >= 0),
  ADD COLUMN last_failure_at TIMESTAMPTZ;
