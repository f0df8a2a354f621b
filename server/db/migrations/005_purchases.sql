-- Purchases: the catalogue a real aggregator offers (docs/domain.md), the
-- bill behind each purchase transaction, and the idempotency keys that make a repeated request
-- execute once (a retried purchase never buys twice).

-- The rest of the catalogue. Airtime, electricity and betting take an amount; data plans,
-- bouquets and exam pins are packages with a fixed price in kobo.
INSERT INTO providers (category, code, name, position) VALUES
  ('data', 'mtn-data', 'MTN', 1),
  ('data', 'airtel-data', 'Airtel', 2),
  ('data', 'glo-data', 'Glo', 3),
  ('data', '9mobile-data', '9mobile', 4),
  ('electricity-bill', 'ikeja-electric', 'Ikeja Electric (IKEDC)', 1),
  ('electricity-bill', 'eko-electric', 'Eko Electricity (EKEDC)', 2),
  ('electricity-bill', 'abuja-electric', 'Abuja Electricity (AEDC)', 3),
  ('electricity-bill', 'kano-electric', 'Kano Electricity (KEDCO)', 4),
  ('electricity-bill', 'portharcourt-electric', 'Port Harcourt Electricity (PHED)', 5),
  ('electricity-bill', 'ibadan-electric', 'Ibadan Electricity (IBEDC)', 6),
  ('electricity-bill', 'enugu-electric', 'Enugu Electricity (EEDC)', 7),
  ('electricity-bill', 'jos-electric', 'Jos Electricity (JED)', 8),
  ('electricity-bill', 'kaduna-electric', 'Kaduna Electric (KAEDCO)', 9),
  ('electricity-bill', 'benin-electric', 'Benin Electricity (BEDC)', 10),
  ('electricity-bill', 'aba-electric', 'Aba Power (APLE)', 11),
  ('electricity-bill', 'yola-electric', 'Yola Electricity (YEDC)', 12),
  ('betting', 'bet9ja', 'Bet9ja', 1),
  ('betting', 'sportybet', 'SportyBet', 2),
  ('betting', 'betking', 'BetKing', 3),
  ('betting', 'nairabet', 'NairaBet', 4),
  ('betting', '1xbet', '1xBet', 5),
  ('betting', 'merrybet', 'MerryBet', 6),
  ('betting', 'betway', 'BetWay', 7),
  ('tv-subscription', 'dstv', 'DStv', 1),
  ('tv-subscription', 'gotv', 'GOtv', 2),
  ('tv-subscription', 'startimes', 'StarTimes', 3),
  ('tv-subscription', 'showmax', 'Showmax', 4),
  ('education', 'waec', 'WAEC', 1),
  ('education', 'jamb', 'JAMB', 2);

INSERT INTO packages (provider_id, code, name, amount_kobo, position)
SELECT p.id, v.code, v.name, v.naira * 100, v.position
FROM (VALUES
  ('mtn-data', 'mtn-500mb-7d', 'MTN 500MB – 7 days', 500, 1),
  ('mtn-data', 'mtn-1gb-30d', 'MTN 1GB – 30 days', 1000, 2),
  ('mtn-data', 'mtn-2gb-30d', 'MTN 2GB – 30 days', 1500, 3),
  ('mtn-data', 'mtn-3-5gb-30d', 'MTN 3.5GB – 30 days', 2500, 4),
  ('mtn-data', 'mtn-7gb-30d', 'MTN 7GB – 30 days', 3500, 5),
  ('mtn-data', 'mtn-20gb-30d', 'MTN 20GB – 30 days', 7500, 6),
  ('airtel-data', 'airtel-1gb-7d', 'Airtel 1GB – 7 days', 800, 1),
  ('airtel-data', 'airtel-2gb-30d', 'Airtel 2GB – 30 days', 1500, 2),
  ('airtel-data', 'airtel-4gb-30d', 'Airtel 4GB – 30 days', 2500, 3),
  ('airtel-data', 'airtel-10gb-30d', 'Airtel 10GB – 30 days', 4000, 4),
  ('airtel-data', 'airtel-18gb-30d', 'Airtel 18GB – 30 days', 6000, 5),
  ('glo-data', 'glo-1gb-14d', 'Glo 1GB – 14 days', 500, 1),
  ('glo-data', 'glo-2-6gb-30d', 'Glo 2.6GB – 30 days', 1000, 2),
  ('glo-data', 'glo-5-8gb-30d', 'Glo 5.8GB – 30 days', 2000, 3),
  ('glo-data', 'glo-10gb-30d', 'Glo 10GB – 30 days', 3000, 4),
  ('glo-data', 'glo-22gb-30d', 'Glo 22GB – 30 days', 5000, 5),
  ('9mobile-data', '9mobile-500mb-30d', '9mobile 500MB – 30 days', 500, 1),
  ('9mobile-data', '9mobile-1-5gb-30d', '9mobile 1.5GB – 30 days', 1000, 2),
  ('9mobile-data', '9mobile-4-5gb-30d', '9mobile 4.5GB – 30 days', 2000, 3),
  ('9mobile-data', '9mobile-11gb-30d', '9mobile 11GB – 30 days', 4000, 4),
  ('dstv', 'dstv-padi', 'DStv Padi', 4400, 1),
  ('dstv', 'dstv-yanga', 'DStv Yanga', 6000, 2),
  ('dstv', 'dstv-confam', 'DStv Confam', 11000, 3),
  ('dstv', 'dstv-compact', 'DStv Compact', 19000, 4),
  ('dstv', 'dstv-compact-plus', 'DStv Compact Plus', 30000, 5),
  ('dstv', 'dstv-premium', 'DStv Premium', 44500, 6),
  ('gotv', 'gotv-smallie', 'GOtv Smallie', 1900, 1),
  ('gotv', 'gotv-jinja', 'GOtv Jinja', 3900, 2),
  ('gotv', 'gotv-jolli', 'GOtv Jolli', 5800, 3),
  ('gotv', 'gotv-max', 'GOtv Max', 8500, 4),
  ('gotv', 'gotv-supa', 'GOtv Supa', 11400, 5),
  ('gotv', 'gotv-supa-plus', 'GOtv Supa+', 16800, 6),
  ('startimes', 'startimes-nova', 'StarTimes Nova', 1900, 1),
  ('startimes', 'startimes-basic', 'StarTimes Basic', 3700, 2),
  ('startimes', 'startimes-smart', 'StarTimes Smart', 4700, 3),
  ('startimes', 'startimes-classic', 'StarTimes Classic', 5500, 4),
  ('startimes', 'startimes-super', 'StarTimes Super', 9000, 5),
  ('showmax', 'showmax-mobile', 'Showmax Entertainment Mobile', 1600, 1),
  ('showmax', 'showmax-entertainment', 'Showmax Entertainment', 3500, 2),
  ('showmax', 'showmax-pl-mobile', 'Showmax Premier League Mobile', 4500, 3),
  ('showmax', 'showmax-pl', 'Showmax Entertainment + Premier League', 8000, 4),
  ('waec', 'waec-result-checker', 'WAEC Result Checker PIN', 3900, 1),
  ('jamb', 'jamb-utme', 'JAMB UTME ePIN', 7700, 1),
  ('jamb', 'jamb-utme-mock', 'JAMB UTME ePIN (with mock exam)', 8700, 2),
  ('jamb', 'jamb-de', 'JAMB Direct Entry ePIN', 7700, 3)
) AS v (provider_code, code, name, naira, position)
JOIN providers p ON p.code = v.provider_code;

-- The bill behind a purchase transaction: what was bought, for whom, and the id the biller
-- knows it by. next_requery_at is set while the bill is with the biller (status processing):
-- the requery job (server/jobs/requery.ts) claims due rows with FOR UPDATE SKIP LOCKED and
-- pushes the time forward (a lease), so replicas never ask about one bill at the same time.
-- Cleared in the transaction that gives the bill its final state.
CREATE TABLE purchases (
  transaction_id   BIGINT PRIMARY KEY REFERENCES transactions (id),
  user_id          BIGINT NOT NULL REFERENCES users (id),
  category         TEXT NOT NULL,
  provider_id      INTEGER NOT NULL REFERENCES providers (id),
  package_id       INTEGER REFERENCES packages (id),
  beneficiary      TEXT NOT NULL CHECK (length(beneficiary) BETWEEN 1 AND 32),
  biller           TEXT NOT NULL,
  request_id       TEXT NOT NULL UNIQUE CHECK (length(request_id) BETWEEN 1 AND 64),
  requery_attempts INTEGER NOT NULL DEFAULT 0,
  next_requery_at  TIMESTAMPTZ
);
CREATE INDEX purchases_requery_due ON purchases (next_requery_at) WHERE next_requery_at IS NOT NULL;
CREATE INDEX purchases_recent_beneficiaries ON purchases (user_id, category, transaction_id DESC);

-- One row per (user, Idempotency-Key): claimed with INSERT … ON CONFLICT DO NOTHING in the
-- purchase's first transaction, so of concurrent copies exactly one executes. request_hash is
-- a keyed hash of the normalised request (pin included), so the same key with a different
-- request is refused (409). The response is stored once the purchase has an answer; a replay
-- answers it as it was.
CREATE TABLE idempotency_keys (
  user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key             TEXT NOT NULL CHECK (length(key) BETWEEN 8 AND 100),
  request_hash    BYTEA NOT NULL,
  transaction_id  BIGINT REFERENCES transactions (id),
  response_status INTEGER,
  response_body   TEXT,
  created_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, key)
);
