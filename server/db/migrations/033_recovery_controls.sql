-- After a credential is reset, or a device signs in for the first time, purchases above a small
-- allowance wait out a cooling-off period (services/coolingOff.ts). One row per account: a new
-- reason extends the period, and what was bought since it started counts against the allowance.
CREATE TABLE cooling_offs (
  user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  reason     TEXT NOT NULL CHECK (reason IN ('password-reset', 'pin-reset', 'new-device', 'not-me')),
  started_at TIMESTAMPTZ NOT NULL,
  ends_at    TIMESTAMPTZ NOT NULL CHECK (ends_at > started_at)
);

-- The devices an account has signed in from: a keyed hash (TOKEN_KEY) of the random id the app
-- keeps in its storage (services/devices.ts). The newest few are kept per account.
CREATE TABLE user_devices (
  user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash   BYTEA NOT NULL,
  first_seen_at TIMESTAMPTZ NOT NULL,
  last_seen_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

-- The "this wasn't me" link of each credential-change e-mail (services/credentialAlerts.ts):
-- a keyed hash of a random token, usable once within its lifetime.
CREATE TABLE not_me_links (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash BYTEA NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at    TIMESTAMPTZ
);
CREATE INDEX not_me_links_user ON not_me_links (user_id, created_at);

-- An account its owner reported as taken over: no login until the password is reset with an
-- e-mailed link (services/credentialAlerts.ts).
CREATE TABLE account_locks (
  user_id   BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  locked_at TIMESTAMPTZ NOT NULL
);
