-- Identity first (the CBN's circular of December 2023: every wallet and account is linked to a
-- BVN or a NIN). The bank partners open a user's dedicated accounts only with a verified number,
-- handed to them at the moment it is verified and never stored (services/enrolment.ts); what we
-- keep is where each partner stands with each user. Nothing a user has is taken away: accounts
-- and balances stay, and the users who hold money or accounts without a verified identity are
-- asked to verify.

-- The name the partner gave the account: the identity holder's, with the partner's prefix.
-- Null for accounts opened before identity came first.
ALTER TABLE virtual_accounts ADD COLUMN account_name TEXT CHECK (length(account_name) BETWEEN 1 AND 200);

-- Each user's enrolment with each partner:
--   ready           the accounts are stored;
--   waiting         the partner answers later (Paystack's customer validation, by webhook), or
--                   an answer was lost: the enrolment job carries it on without the number, from
--                   next_attempt_at (backing off);
--   needs-identity  the partner could not be reached while the number was in hand: the user is
--                   asked to type it again (checked against its keyed hash, not looked up again);
--   refused         the partner will not open accounts with what it was given (reason says why);
--   skipped         the partner needs what the user has not verified (Paystack: a BVN and a bank
--                   account; reason says what).
CREATE TABLE partner_enrolments (
  user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider        TEXT NOT NULL CHECK (provider ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  status          TEXT NOT NULL CHECK (status IN ('ready', 'waiting', 'needs-identity', 'refused', 'skipped')),
  -- The partner's own code for the customer (Paystack's CUS_…), when it has one.
  customer_code   TEXT CHECK (length(customer_code) BETWEEN 1 AND 100),
  reason          TEXT CHECK (length(reason) <= 300),
  attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, provider)
);
CREATE INDEX partner_enrolments_due ON partner_enrolments (next_attempt_at) WHERE status = 'waiting';
CREATE UNIQUE INDEX partner_enrolments_customer ON partner_enrolments (provider, customer_code) WHERE customer_code IS NOT NULL;

-- Accounts opened before identity came first, of users who have verified a BVN or NIN since:
-- their partner has them, and they stay listed.
INSERT INTO partner_enrolments (user_id, provider, status, created_at, updated_at)
SELECT DISTINCT va.user_id, va.provider, 'ready', va.created_at, va.created_at
FROM virtual_accounts va JOIN users u ON u.id = va.user_id
WHERE u.bvn_verified_at IS NOT NULL OR u.nin_verified_at IS NOT NULL
ON CONFLICT DO NOTHING;

-- Every identity lookup (services/identityChecks.ts), kept two days: at most a few per account and
-- per number a day, so the profile is no way to try numbers. The number is kept only as the
-- keyed hash (HMAC under TOKEN_KEY) that verified numbers are kept as.
CREATE TABLE identity_checks (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  identity_hash BYTEA NOT NULL,
  checked_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_checks_user ON identity_checks (user_id, checked_at);
CREATE INDEX identity_checks_identity ON identity_checks (identity_hash, checked_at);

-- Tier 3 (a verified BVN and NIN, and a verified address) is an operator's recorded decision:
-- who decided, on what address, when. Append-only; the user's row carries when, so that a
-- purchase and get-user read the tier from the row they already read.
CREATE TABLE kyc_decisions (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  tier       SMALLINT NOT NULL CHECK (tier = 3),
  address    TEXT NOT NULL CHECK (length(address) BETWEEN 5 AND 300),
  decided_by TEXT NOT NULL CHECK (length(decided_by) BETWEEN 2 AND 100),
  note       TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  decided_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX kyc_decisions_user ON kyc_decisions (user_id, decided_at);
CREATE FUNCTION kyc_decisions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kyc decisions are a record: % is not allowed, record a new decision instead', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER kyc_decisions_append_only BEFORE UPDATE OR DELETE ON kyc_decisions
  FOR EACH ROW EXECUTE FUNCTION kyc_decisions_append_only();
ALTER TABLE users ADD COLUMN address_verified_at TIMESTAMPTZ;

-- Users who hold money or accounts without a verified identity keep both, and are asked to
-- verify. A one-off backfill: the database's clock is the only one a migration has.
INSERT INTO notifications (user_id, title, content, created_at)
SELECT u.id,
       'Verify your BVN or NIN',
       'The CBN now requires every wallet to be linked to a BVN or a NIN. Your balance and your account numbers are safe, but your wallet cannot be funded until you verify one of them on Fund Wallet or on your profile.',
       now()
FROM users u
WHERE u.bvn_verified_at IS NULL AND u.nin_verified_at IS NULL
  AND (EXISTS (SELECT 1 FROM virtual_accounts va WHERE va.user_id = u.id)
       OR EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id AND w.balance_kobo > 0));
