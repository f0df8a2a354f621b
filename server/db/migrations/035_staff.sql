-- The operator console's people: support, finance and admin staff. They are not customers and
-- share nothing with the customers' tables: a staff session never opens the customer API and a
-- customer session never opens the console's.

CREATE TABLE staff (
  id                    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email                 TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name                  TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- support: read, work cases, requery; finance: support's rights and money actions;
  -- admin: finance's rights, approvals above the admin threshold, and staff management.
  role                  TEXT NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
  -- argon2id; null until the invitation is accepted (whoever creates an account never knows its password).
  password_hash         TEXT,
  -- The TOTP secret, sealed (AES-256-GCM, services/secretBox.ts); null until enrolment is confirmed.
  totp_secret           TEXT,
  -- The secret shown during an enrolment, until a code from it is confirmed.
  totp_pending_secret   TEXT,
  -- The last time step a code was accepted for: a code is good once (RFC 6238 §5.2).
  totp_last_step        BIGINT,
  enrolled_at           TIMESTAMPTZ,
  -- Wrong passwords or codes in a row; past the limit sign-in waits until locked_until.
  failed_attempts       INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until          TIMESTAMPTZ,
  -- The keyed hash of the one-time invitation (set password, enrol the second factor).
  invitation_hash       BYTEA UNIQUE,
  invitation_expires_at TIMESTAMPTZ,
  disabled_at           TIMESTAMPTZ,
  created_at            TIMESTAMPTZ NOT NULL,
  -- Null: created from the command line (the first admin).
  created_by            BIGINT REFERENCES staff (id)
);

-- Ten single-use codes per enrolment, for a lost phone; only their keyed hashes are kept.
CREATE TABLE staff_recovery_codes (
  staff_id  BIGINT NOT NULL REFERENCES staff (id),
  code_hash BYTEA NOT NULL,
  used_at   TIMESTAMPTZ,
  PRIMARY KEY (staff_id, code_hash)
);

-- Staff sessions are short and begin half-open: after the password only the second factor (or
-- the enrolment) may be done with them; `signed-in` once the code checked out.
CREATE TABLE staff_sessions (
  id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id        BIGINT NOT NULL REFERENCES staff (id),
  token_hash      BYTEA NOT NULL UNIQUE,
  stage           TEXT NOT NULL CHECK (stage IN ('second-factor', 'enrolment', 'signed-in')),
  factor_failures INTEGER NOT NULL DEFAULT 0 CHECK (factor_failures >= 0),
  address         TEXT NOT NULL CHECK (length(address) <= 64),
  created_at      TIMESTAMPTZ NOT NULL,
  last_active_at  TIMESTAMPTZ NOT NULL,
  revoked_at      TIMESTAMPTZ
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;
