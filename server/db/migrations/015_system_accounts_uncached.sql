-- No row that every purchase shares. A system account (clearing:purchases,
-- rewards:cashback, biller:<name>, settlement:<partner>, suspense:<partner>) no longer caches its
-- balance: every purchase moved money through clearing:purchases twice, and the update of that
-- one row serialised all purchases of all users behind its row lock. Nothing needs the cache —
-- no guard reads a system account's balance, which may go negative — so its balance is the sum
-- of its entries (ledger_entries_wallet serves the sum). Only a user's wallet keeps the guarded
-- cached balance, updated in the transaction that posts to it (services/ledger.ts).
UPDATE wallets SET balance_kobo = 0 WHERE user_id IS NULL;
ALTER TABLE wallets ADD CONSTRAINT wallets_system_accounts_cache_nothing CHECK (user_id IS NOT NULL OR balance_kobo = 0);
