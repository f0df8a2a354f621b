-- Passkeys (WebAuthn): a key pair made and kept by the phone's or computer's authenticator,
-- unlocked by its screen lock. The server keeps the public key only (services/account/passkeys.ts,
-- console/services/staffPasskeys.ts), so nothing stored here signs anything in.

-- A customer's passkeys: each signs them in and confirms their purchases.
CREATE TABLE passkeys (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users (id),
  -- The authenticator's id of the credential, base64url as the browser sends it.
  credential_id TEXT NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 16 AND 1400),
  -- The COSE public key the registration gave.
  public_key    BYTEA NOT NULL,
  -- The authenticator's signature counter at the last accepted use: a later use must be above it
  -- (or both zero, for authenticators that count nothing), or it is a cloned key's.
  counter       BIGINT NOT NULL CHECK (counter >= 0),
  transports    TEXT[] NOT NULL,
  -- Whether the authenticator said the key is synced to the owner's other devices.
  backed_up     BOOLEAN NOT NULL,
  name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- The keyed hash of the device (services/account/devices.ts) that registered it: a sign-in with
  -- the passkey counts as that device.
  device_hash   BYTEA,
  created_at    TIMESTAMPTZ NOT NULL,
  last_used_at  TIMESTAMPTZ
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A staff member's passkeys: the console's phishing-resistant second factor.
CREATE TABLE staff_passkeys (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id      BIGINT NOT NULL REFERENCES staff (id),
  credential_id TEXT NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 16 AND 1400),
  public_key    BYTEA NOT NULL,
  counter       BIGINT NOT NULL CHECK (counter >= 0),
  transports    TEXT[] NOT NULL,
  backed_up     BOOLEAN NOT NULL,
  name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at    TIMESTAMPTZ NOT NULL,
  last_used_at  TIMESTAMPTZ
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- The challenge of one ceremony (a registration, a sign-in, a confirmation), handed out with a
-- ceremony token that only the client that asked holds; only the token's keyed hash is kept. A
-- challenge is taken once (the row is deleted as it is read), is good for a few minutes, and only
-- for the ceremony and the session it was made for (`bound_to`).
CREATE TABLE passkey_challenges (
  token_hash BYTEA PRIMARY KEY,
  ceremony   TEXT NOT NULL CHECK (ceremony IN (
    'register', 'sign-in', 'confirm', 'staff-register', 'staff-sign-in', 'staff-confirm'
  )),
  -- 'session:<id>', 'staff-session:<id>', or 'nobody' for a customer's sign-in, which has no session yet.
  bound_to   TEXT NOT NULL CHECK (length(bound_to) <= 64),
  challenge  TEXT NOT NULL CHECK (length(challenge) BETWEEN 16 AND 128),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
