-- Card top-ups through the partner's hosted checkout (Paystack), and transfer confirmations the
-- partner could not give yet, kept for the job that asks again.

-- A card top-up: started with our reference (the customer is sent to the partner's checkout),
-- credited once the partner's verify call says it succeeded, in NGN, for the amount charged.
--   pending    started, not heard of since;
--   abandoned  the customer left or cancelled the checkout (the partner's word): nothing
--              credited, though a payment the partner later reports as successful still is;
--   success    credited (transaction_id);
--   failed     the partner says it failed or was reversed;
--   disputed   the partner's record contradicts ours (another amount, currency or channel):
--              not credited, listed for an operator (`npm run report -- disputed`).
CREATE TABLE card_payments (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        BIGINT NOT NULL REFERENCES users (id),
  provider       TEXT NOT NULL CHECK (provider ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  reference      TEXT NOT NULL UNIQUE CHECK (reference ~ '^[A-Za-z0-9-]{8,64}$'),
  -- What reaches the wallet, the partner's fee, and what the card is charged (core/cardFees.ts).
  amount_kobo    BIGINT NOT NULL CHECK (amount_kobo > 0),
  fee_kobo       BIGINT NOT NULL CHECK (fee_kobo >= 0),
  charged_kobo   BIGINT NOT NULL CHECK (charged_kobo >= amount_kobo),
  fee_bearer     TEXT NOT NULL CHECK (fee_bearer IN ('customer', 'business')),
  status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'abandoned', 'success', 'failed', 'disputed')),
  partner_status TEXT CHECK (length(partner_status) BETWEEN 1 AND 50),
  transaction_id BIGINT UNIQUE REFERENCES transactions (id),
  created_at     TIMESTAMPTZ NOT NULL,
  updated_at     TIMESTAMPTZ NOT NULL,
  -- When the partner was last asked about it (the return to /funding, its webhook, the job).
  checked_at     TIMESTAMPTZ
);
CREATE INDEX card_payments_user ON card_payments (user_id, created_at DESC, id DESC);
CREATE INDEX card_payments_open ON card_payments (created_at) WHERE status IN ('pending', 'abandoned');

-- A card payment is claimed in incoming_transfers like a transfer, by (provider, reference), in
-- the transaction that credits it: one credit per partner reference whatever arrives first, the
-- webhook or the customer's return. Neither an account nor a card payment: held in suspense.
ALTER TABLE incoming_transfers ADD COLUMN card_payment_id BIGINT UNIQUE REFERENCES card_payments (id);

-- A signed transfer webhook whose confirmation failed for a while (the partner's status call
-- did not answer, or does not know the payment yet): answered 503 so the partner delivers it
-- again, and kept here so that the job asks again too. Removed once credited, held in suspense
-- or disputed.
CREATE TABLE pending_confirmations (
  provider        TEXT NOT NULL CHECK (provider ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  reference       TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  -- The webhook body without its secrets, read again by the partner's reader.
  payload         JSONB NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error      TEXT CHECK (length(last_error) <= 300),
  next_attempt_at TIMESTAMPTZ NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (provider, reference)
);
CREATE INDEX pending_confirmations_due ON pending_confirmations (next_attempt_at);
