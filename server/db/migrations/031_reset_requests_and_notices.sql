-- Every /forgot request writes the same row, whether or not an account has the e-mail
-- (services/passwordReset.ts): a reset link with its account, or one with none, which opens
-- nothing. The hourly cap counts them per e-mail typed (`subject`, a keyed hash under TOKEN_KEY
-- of the address lowercased), a new one spends the e-mail's older ones, and those past the hour
-- are deleted: a known and an unknown address cost the same statement and the same writes.
ALTER TABLE password_reset_tokens ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE password_reset_tokens ADD COLUMN subject BYTEA;
CREATE INDEX password_reset_tokens_subject ON password_reset_tokens (subject, created_at);
CREATE INDEX password_reset_tokens_created ON password_reset_tokens (created_at);

-- When a warning of a kind was last e-mailed to an account, so that one that strangers can
-- trigger (someone registering with the address) reaches the owner at most once a day.
CREATE TABLE account_notices (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind    TEXT NOT NULL CHECK (length(kind) <= 40),
  sent_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, kind)
);
