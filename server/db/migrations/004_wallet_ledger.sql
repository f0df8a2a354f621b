-- The wallet: a double-entry ledger, the transactions users see, dedicated bank accounts and
-- the incoming transfers credited through them. Money is kobo in BIGINT.

-- Every ledger account is a row of `wallets`: a user's wallet (user_id set) or a system account
-- (code set, e.g. 'settlement:simulated' — what a bank partner owes us — or 'clearing:purchases').
-- balance_kobo caches the sum of the account's entries and is updated in the transaction that
-- posts them (services/ledger.ts). A user's wallet never goes below zero; a system account
-- may (a settlement account is negative by the money the partner has collected for us).
ALTER TABLE wallets ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE wallets ADD COLUMN code TEXT UNIQUE CHECK (code ~ '^[a-z]+(-[a-z]+)*:[a-z0-9]+(-[a-z0-9]+)*$');
ALTER TABLE wallets ADD CONSTRAINT wallets_owner CHECK ((user_id IS NULL) <> (code IS NULL));
ALTER TABLE wallets DROP CONSTRAINT wallets_balance_kobo_check;
ALTER TABLE wallets ADD CONSTRAINT wallets_user_balance_not_negative CHECK (user_id IS NULL OR balance_kobo >= 0);

-- What the user sees in the activity list (a transaction of the API). "from" and "to" are SQL
-- keywords, hence from_label / to_label. Kept for good: no cascade from users.
CREATE TABLE transactions (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users (id),
  category      TEXT NOT NULL CHECK (category ~ '^[a-z]+(-[a-z]+)*$'),
  amount_kobo   BIGINT NOT NULL CHECK (amount_kobo > 0),
  status        TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'canceled')),
  reference     TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  from_label    TEXT NOT NULL DEFAULT '',
  to_label      TEXT NOT NULL DEFAULT '',
  description   TEXT NOT NULL DEFAULT '',
  display_name  TEXT NOT NULL DEFAULT '',
  display_value TEXT NOT NULL DEFAULT '',
  created_at    TIMESTAMPTZ NOT NULL,
  updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX transactions_user_newest ON transactions (user_id, created_at DESC, id DESC);

-- A movement is one balanced set of entries (a funding, a purchase's reservation, its refund...),
-- usually on behalf of one user transaction.
CREATE TABLE ledger_movements (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind ~ '^[a-z]+(-[a-z]+)*$'),
  transaction_id BIGINT REFERENCES transactions (id),
  created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX ledger_movements_transaction ON ledger_movements (transaction_id) WHERE transaction_id IS NOT NULL;

CREATE TABLE ledger_entries (
  id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  movement_id BIGINT NOT NULL REFERENCES ledger_movements (id),
  wallet_id   BIGINT NOT NULL REFERENCES wallets (id),
  -- Signed: positive credits the account, negative debits it.
  amount_kobo BIGINT NOT NULL CHECK (amount_kobo <> 0),
  created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX ledger_entries_movement ON ledger_entries (movement_id);
CREATE INDEX ledger_entries_wallet ON ledger_entries (wallet_id, id);

-- Append-only: a correction is a reversing movement, never an edit.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed, post a reversing movement instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_movements_append_only BEFORE UPDATE OR DELETE ON ledger_movements
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_movements_no_truncate BEFORE TRUNCATE ON ledger_movements
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Double entry, checked by the database at commit: a movement whose entries do not sum to zero
-- cannot be committed, whatever the code that wrote it.
CREATE FUNCTION ledger_movement_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total NUMERIC;
BEGIN
  SELECT sum(amount_kobo) INTO total FROM ledger_entries WHERE movement_id = NEW.movement_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger movement % does not balance (sum %)', NEW.movement_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_movement_balanced();

-- Dedicated accounts (NUBAN) a bank partner assigned to a user, one per partner bank.
CREATE TABLE virtual_accounts (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        BIGINT NOT NULL REFERENCES users (id),
  provider       TEXT NOT NULL CHECK (provider ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  bank_name      TEXT NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 100),
  bank_code      TEXT NOT NULL CHECK (bank_code ~ '^[0-9]{3}([0-9]{3})?$'),
  account_number TEXT NOT NULL UNIQUE CHECK (account_number ~ '^[0-9]{10}$'),
  created_at     TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, provider, bank_code)
);

-- Each incoming transfer the partner reported, claimed once by (provider, reference) in the
-- transaction that credits it: a replayed or concurrent webhook finds the claim taken.
CREATE TABLE incoming_transfers (
  id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider           TEXT NOT NULL,
  reference          TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  virtual_account_id BIGINT NOT NULL REFERENCES virtual_accounts (id),
  amount_kobo        BIGINT NOT NULL CHECK (amount_kobo > 0),
  sender_name        TEXT NOT NULL,
  sender_bank        TEXT NOT NULL,
  paid_at            TIMESTAMPTZ,
  transaction_id     BIGINT REFERENCES transactions (id),
  received_at        TIMESTAMPTZ NOT NULL,
  UNIQUE (provider, reference)
);
