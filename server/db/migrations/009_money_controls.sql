-- Controls around the money paths: a requery of one bill at most every few seconds,
-- one request to the bank partner per user however many create-accounts calls race, and
-- transfers to account numbers we do not know held in suspense instead of dropped.

-- When the biller was last asked about the bill, by refresh-transaction or the requery job.
-- Kept here, not in a process, so that every replica spaces its requeries by the same clock.
ALTER TABLE purchases ADD COLUMN last_requery_at TIMESTAMPTZ;

-- A create-accounts call that is asking the partner for this user's accounts. Claimed with
-- INSERT … ON CONFLICT before the partner is called, so of concurrent calls one asks and the
-- others wait for the accounts it stores; removed once it is done (stored or failed). A claim
-- older than the lease (its process died mid-call) may be taken over.
CREATE TABLE virtual_account_claims (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider   TEXT NOT NULL,
  claimed_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, provider)
);

-- Every transfer the partner reports is claimed in incoming_transfers by (provider, reference),
-- whether or not one of our accounts has its number: one claim, so a reference is recorded
-- once whichever way it went. A transfer to a number nobody has is claimed with no account.
ALTER TABLE incoming_transfers ALTER COLUMN virtual_account_id DROP NOT NULL;

-- Suspense: the transfers credited to no one. The partner holds the money for us, so the
-- ledger moves it from the partner's settlement account into `suspense:<provider>` (movement
-- 'transfer-unmatched'), where it waits for an operator (`npm run report -- unmatched`) to
-- match it to a user or return it to the sender.
CREATE TABLE unmatched_transfers (
  incoming_transfer_id BIGINT PRIMARY KEY REFERENCES incoming_transfers (id),
  -- The number the money was sent to, as the partner reported it.
  account_number       TEXT NOT NULL CHECK (length(account_number) BETWEEN 1 AND 34),
  -- The partner's webhook body as received, without its secrets (authorisation codes,
  -- signatures); null when the transfer did not come by webhook.
  payload              JSONB,
  movement_id          BIGINT NOT NULL REFERENCES ledger_movements (id),
  -- Resolutions (matched, returned) arrive with the operator commands that post them.
  status               TEXT NOT NULL DEFAULT 'unmatched' CHECK (status = 'unmatched')
);
