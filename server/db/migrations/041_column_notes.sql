-- What a column means where its name and type do not say it. The notes live in the database so
-- that the generated types carry them (server/db/generated.ts, `npm run db:types`), and psql's
-- \d+ shows them.

COMMENT ON COLUMN users.pin_sealed IS 'Sealed at rest (services/secretBox.ts), opened only to compare: never answered, in any form.';
COMMENT ON COLUMN users.nin_verified_at IS 'Set only once an identity provider verified the number; the number itself is never stored.';
COMMENT ON COLUMN users.nin_hash IS 'HMAC under TOKEN_KEY: one identity raises the limits of one account.';
COMMENT ON COLUMN users.bvn_hash IS 'HMAC under TOKEN_KEY: one identity raises the limits of one account.';
COMMENT ON COLUMN users.pin_attempts IS 'Wrong transaction pins in a row (services/pins.ts).';
COMMENT ON COLUMN users.pin_locked_at IS 'Set at the third wrong-pin logout within a day; purchases wait for a pin reset.';
COMMENT ON COLUMN users.address_verified_at IS 'When an operator recorded the address verified: with a BVN and a NIN, tier 3.';

COMMENT ON COLUMN wallets.user_id IS 'The owner of a user''s wallet; null for a system account, which has a code instead (services/ledger.ts).';
COMMENT ON COLUMN wallets.transaction_count IS 'The user''s transactions, kept by a trigger for the activity list.';
COMMENT ON COLUMN wallets.cashback_total_kobo IS 'The cashback among the user''s transactions, kept by a trigger.';

COMMENT ON COLUMN transactions.customer_name IS 'The holder verified for the number a purchase billed; null when nothing was verified.';
COMMENT ON COLUMN transactions.cashback_kobo IS 'What a completed purchase earned (services/cashback.ts); null when nothing.';
COMMENT ON COLUMN transactions.rewarded_transaction_id IS 'A cashback transaction: the purchase it rewards.';

COMMENT ON COLUMN ledger_movements.source_ref IS 'The partner''s payment or operator''s action a once-per-record movement books.';
COMMENT ON COLUMN ledger_entries.amount_kobo IS 'The entries of a movement sum to zero, checked at commit; entries and movements are append-only.';

COMMENT ON COLUMN virtual_accounts.account_name IS 'The name the partner gave the account; null for accounts opened before identity came first.';
COMMENT ON COLUMN incoming_transfers.virtual_account_id IS 'Null for a card payment, or for a transfer to a number nobody has: it is held in suspense (unmatched_transfers).';
COMMENT ON COLUMN incoming_transfers.card_payment_id IS 'The card top-up this claim credits.';

COMMENT ON COLUMN sessions.last_active_at IS 'The last call that was not one of the app''s polls.';
COMMENT ON COLUMN failed_attempts.locks IS 'Locks served or running since the last right guess.';
COMMENT ON COLUMN password_reset_tokens.user_id IS 'Null for a /forgot of an e-mail no account has: the row is written all the same, and opens nothing.';
COMMENT ON COLUMN password_reset_tokens.subject IS 'Keyed hash of the e-mail typed; null for links older than the column.';

COMMENT ON COLUMN purchases.last_requery_at IS 'When the biller was last asked about the bill.';
COMMENT ON COLUMN unmatched_transfers.status IS 'Matched to a customer or returned to the sender by an approved money request (server/console).';
COMMENT ON COLUMN disputed_transfers.status IS 'Worked by finance in the console.';
COMMENT ON COLUMN reconciliation_mismatches.day IS 'The Africa/Lagos day reconciled, YYYY-MM-DD.';
COMMENT ON COLUMN reconciliation_mismatches.status IS 'Worked by finance in the console.';
COMMENT ON COLUMN problem_reports.resolution_note IS 'What support wrote the customer when resolving the case.';
COMMENT ON COLUMN catalog_version.version IS 'The one row''s version, moved by every change of providers or packages.';

COMMENT ON COLUMN schedules.run_date IS 'A Lagos calendar day, YYYY-MM-DD.';
COMMENT ON COLUMN schedules.due_date IS 'A Lagos calendar day, YYYY-MM-DD.';
COMMENT ON COLUMN schedules.end_date IS 'A Lagos calendar day, YYYY-MM-DD.';
COMMENT ON COLUMN schedules.run_time IS 'Lagos wall time of every run, in minutes after midnight.';
