-- Money moved by staff, maker-checker: one finance user asks (the maker), a different one
-- approves (the checker) within a time limit, an admin when the amount is above the setting.
-- Only the approval moves money, in the transaction that records it.

-- A transfer held in suspense ends matched to a customer or returned to its sender, once.
ALTER TABLE unmatched_transfers DROP CONSTRAINT unmatched_transfers_status_check;
ALTER TABLE unmatched_transfers ADD CONSTRAINT unmatched_transfers_status_check CHECK (status IN ('unmatched', 'matched', 'returned'));
ALTER TABLE unmatched_transfers ADD COLUMN resolved_at TIMESTAMPTZ;

CREATE TABLE money_requests (
  id                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind                 TEXT NOT NULL CHECK (kind IN ('suspense-match', 'suspense-return', 'goodwill-credit', 'goodwill-debit')),
  status               TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'expired')),
  amount_kobo          BIGINT NOT NULL CHECK (amount_kobo > 0),
  customer_id          BIGINT REFERENCES users (id),
  incoming_transfer_id BIGINT REFERENCES unmatched_transfers (incoming_transfer_id),
  reason               TEXT NOT NULL CHECK (length(reason) BETWEEN 10 AND 500),
  -- Above the admin threshold when asked: only an admin may approve it.
  needs_admin          BOOLEAN NOT NULL,
  maker_id             BIGINT NOT NULL REFERENCES staff (id),
  created_at           TIMESTAMPTZ NOT NULL,
  expires_at           TIMESTAMPTZ NOT NULL CHECK (expires_at > created_at),
  checker_id           BIGINT REFERENCES staff (id),
  decided_at           TIMESTAMPTZ,
  decision_note        TEXT CHECK (length(decision_note) <= 500),
  -- What the approval posted: one movement, one customer transaction at most, ever.
  movement_id          BIGINT UNIQUE REFERENCES ledger_movements (id),
  transaction_id       BIGINT UNIQUE REFERENCES transactions (id),
  -- Four eyes, whatever the code says.
  CHECK (checker_id IS NULL OR checker_id <> maker_id),
  CHECK ((status = 'approved') = (movement_id IS NOT NULL)),
  CHECK ((kind LIKE 'suspense-%') = (incoming_transfer_id IS NOT NULL)),
  CHECK (kind = 'suspense-return' OR customer_id IS NOT NULL)
);
-- One open request per suspended transfer at a time.
CREATE UNIQUE INDEX money_requests_one_pending_per_transfer ON money_requests (incoming_transfer_id) WHERE status = 'pending';
CREATE INDEX money_requests_pending ON money_requests (created_at) WHERE status = 'pending';
CREATE INDEX money_requests_customer ON money_requests (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
