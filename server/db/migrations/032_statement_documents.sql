-- Statement documents are read a page of entries at a time, by time then id, from this index
-- (services/statements/ledgerStatement.ts); the figures are sums over the same range.
CREATE INDEX ledger_entries_wallet_time ON ledger_entries (wallet_id, created_at, id);

-- One statement document at a time per account, on every replica (services/statements/
-- documentSlots.ts): a claim is released when its document ends, and a claim left by a crashed
-- process is taken over once stale.
CREATE TABLE statement_downloads (
  user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  claimed_at TIMESTAMPTZ NOT NULL
);
