-- Accounts: users, their wallets, sessions, e-mail codes, reset links and notifications.
-- Every time is written by the application's clock (timestamptz), never by now(), so one
-- clock decides expiry everywhere.

CREATE TABLE users (
  id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant            TEXT NOT NULL DEFAULT '0',
  name              TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email             TEXT NOT NULL CHECK (email = lower(email) AND length(email) <= 254),
  phone             TEXT NOT NULL CHECK (phone ~ '^0[0-9]{10}$'),
  password_hash     TEXT NOT NULL,
  -- AES-256-GCM sealed (services/secretBox.ts): the pin is returned to its owner at login,
  -- so it cannot be a one-way hash; NIN and BVN are identity numbers.
  pin_sealed        TEXT,
  nin_sealed        TEXT,
  bvn_sealed        TEXT,
  avatar            TEXT NOT NULL DEFAULT '',
  email_verified_at TIMESTAMPTZ,
  created_at        TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Money is kobo in BIGINT. The balance is a cache of the ledger that a later migration adds;
-- the CHECK is the last line of defence against an overdraft.
CREATE TABLE wallets (
  id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  balance_kobo BIGINT NOT NULL DEFAULT 0 CHECK (balance_kobo >= 0),
  created_at   TIMESTAMPTZ NOT NULL
);

-- Only a keyed hash of the bearer token is stored: a copy of this table opens no session.
CREATE TABLE sessions (
  id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   BYTEA NOT NULL UNIQUE,
  device       TEXT NOT NULL CHECK (length(device) BETWEEN 1 AND 64),
  created_at   TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  expires_at   TIMESTAMPTZ NOT NULL,
  revoked_at   TIMESTAMPTZ
);
CREATE INDEX sessions_user_id ON sessions (user_id) WHERE revoked_at IS NULL;

-- One row per code e-mailed; the resend interval and the hourly cap are counted from here.
CREATE TABLE email_otps (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at    TIMESTAMPTZ
);
CREATE INDEX email_otps_user_created ON email_otps (user_id, created_at DESC);

-- Wrong guesses of a short secret (e-mail code now, transaction pin later), counted per user
-- and purpose so that asking for a new code does not grant new guesses.
CREATE TABLE failed_attempts (
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose      TEXT NOT NULL,
  failures     INTEGER NOT NULL CHECK (failures > 0),
  locked_until TIMESTAMPTZ,
  PRIMARY KEY (user_id, purpose)
);

-- A reset link allows one password reset, then one pin setting, within its lifetime.
CREATE TABLE password_reset_tokens (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash BYTEA NOT NULL UNIQUE,
  stage      TEXT NOT NULL CHECK (stage IN ('reset-password', 'set-pin', 'spent')),
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX password_reset_tokens_user_created ON password_reset_tokens (user_id, created_at DESC);

CREATE TABLE notifications (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      TEXT NOT NULL,
  content    TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'unread' CHECK (status IN ('unread', 'read')),
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
