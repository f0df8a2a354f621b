-- The catalogue synced from the biller (services/catalogSync.ts): a plan whose price changes is
-- not repriced in place but replaced — the old row hidden, a new row (same code, new price)
-- added — so a purchase still naming the old row is refused rather than charged a price the
-- customer never saw, and past purchases keep pointing at the price they paid. A code is
-- therefore unique among a provider's active plans only.
ALTER TABLE packages DROP CONSTRAINT packages_provider_id_code_key;
CREATE UNIQUE INDEX packages_active_code ON packages (provider_id, code) WHERE active;
CREATE INDEX packages_provider_code ON packages (provider_id, code);
