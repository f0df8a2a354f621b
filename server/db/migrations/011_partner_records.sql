-- Real bank partners: every credit is confirmed through the partner's own
-- transaction-status call before the wallet moves, and every day is reconciled against the
-- partners' and the biller's records.

-- A signed webhook whose transfer the partner's status call does not confirm (no such
-- transaction, not paid, another amount or another account). Nothing is credited and no ledger
-- movement is posted: the money may not exist. Recorded once per (provider, reference) for an
-- operator (`npm run report -- disputed`); the day's reconciliation shows what the partner
-- really holds.
CREATE TABLE disputed_transfers (
  id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider            TEXT NOT NULL,
  reference           TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  -- What the webhook said.
  account_number      TEXT NOT NULL CHECK (length(account_number) BETWEEN 1 AND 34),
  amount_kobo         BIGINT NOT NULL CHECK (amount_kobo > 0),
  -- What the status call said: 'missing', or the partner's status with its amount.
  partner_status      TEXT NOT NULL CHECK (length(partner_status) BETWEEN 1 AND 50),
  partner_amount_kobo BIGINT,
  reason              TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  -- The webhook body without its secrets.
  payload             JSONB,
  received_at         TIMESTAMPTZ NOT NULL,
  UNIQUE (provider, reference)
);

-- What a reconciliation found for one day (Africa/Lagos) and one counterparty (`bank:<provider>`
-- or `biller:<name>`). Stored and listed, never corrected by the code that finds it. Running a
-- day again adds only what was not found before (the unique key).
CREATE TABLE reconciliation_mismatches (
  id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'YYYY-MM-DD' as text: the two database drivers read a DATE differently.
  day               TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  counterparty      TEXT NOT NULL CHECK (counterparty ~ '^(bank|biller):[a-z0-9]+(-[a-z0-9]+)*$'),
  kind              TEXT NOT NULL CHECK (kind IN (
    -- The partner received money we did not credit (or hold in suspense).
    'not-credited',
    -- We credited money the partner does not list as paid that day.
    'unknown-to-partner',
    -- Both have the payment, with different amounts.
    'amount-differs',
    -- A bill we completed (charged) that the biller says failed or does not know.
    'bill-failed-at-biller',
    -- A bill we refunded that the biller says it delivered.
    'bill-delivered-after-refund'
  )),
  reference         TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  our_amount_kobo   BIGINT,
  their_amount_kobo BIGINT,
  detail            TEXT NOT NULL CHECK (length(detail) <= 300),
  found_at          TIMESTAMPTZ NOT NULL,
  UNIQUE (day, counterparty, kind, reference)
);
CREATE INDEX reconciliation_mismatches_day ON reconciliation_mismatches (day, id);

-- One row per reconciled day: claimed (INSERT … ON CONFLICT) by the daily job of one replica
-- before it asks the partners, finished with what was compared. A claim whose run died (never
-- finished, older than an hour) may be taken over. The operator command runs a day whatever
-- this says, and records its run here too.
CREATE TABLE reconciliation_runs (
  day         TEXT PRIMARY KEY CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  started_at  TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ,
  -- What was compared, per counterparty, and what could not be (a partner that did not answer).
  summary     JSONB
);
