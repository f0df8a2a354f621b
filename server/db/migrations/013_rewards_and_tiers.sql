-- Cashback on completed bills, and the CBN KYC tiers that verified BVN and NIN raise.

-- Cashback (services/cashback.ts): the purchase keeps what it earned (shown on its detail and
-- success message), and the credit itself is a transaction of its own (category 'cashback')
-- pointing at the purchase. UNIQUE: a purchase earns at most one, however many settles race.
ALTER TABLE transactions ADD COLUMN cashback_kobo BIGINT CHECK (cashback_kobo > 0);
ALTER TABLE transactions ADD COLUMN rewarded_transaction_id BIGINT UNIQUE REFERENCES transactions (id);
CREATE INDEX transactions_user_category ON transactions (user_id, category, created_at);

-- Identity (services/identity.ts). NIN and BVN are kept only once an identity provider has
-- verified them, and then only as what the product needs: when, the last four digits (the
-- profile shows them masked), and a keyed hash (HMAC under TOKEN_KEY) so that one identity can
-- raise the limits of one account only. The number itself is never stored.
-- The sealed numbers typed before this migration were never verified: they raise nothing, and
-- keeping a confidential number the product does not need is what NDPA 2023 asks us not to do.
ALTER TABLE users DROP COLUMN nin_sealed;
ALTER TABLE users DROP COLUMN bvn_sealed;
ALTER TABLE users ADD COLUMN nin_verified_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN nin_last4 TEXT CHECK (nin_last4 ~ '^[0-9]{4}$');
ALTER TABLE users ADD COLUMN nin_hash BYTEA UNIQUE;
ALTER TABLE users ADD COLUMN bvn_verified_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN bvn_last4 TEXT CHECK (bvn_last4 ~ '^[0-9]{4}$');
ALTER TABLE users ADD COLUMN bvn_hash BYTEA UNIQUE;
ALTER TABLE users ADD CONSTRAINT users_nin_verified CHECK ((nin_verified_at IS NULL) = (nin_last4 IS NULL) AND (nin_last4 IS NULL) = (nin_hash IS NULL));
ALTER TABLE users ADD CONSTRAINT users_bvn_verified CHECK ((bvn_verified_at IS NULL) = (bvn_last4 IS NULL) AND (bvn_last4 IS NULL) = (bvn_hash IS NULL));
