-- What can be bought: providers grouped by category, each with fixed-price packages (data
-- plans, cable bouquets, exam pins). Airtime, electricity and betting take an amount instead.

CREATE TABLE providers (
  id       INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category TEXT NOT NULL CHECK (category ~ '^[a-z]+(-[a-z]+)*$'),
  -- Stable key the biller adapter maps to its own product codes.
  code     TEXT NOT NULL UNIQUE,
  name     TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  active   BOOLEAN NOT NULL DEFAULT true
);
CREATE INDEX providers_category ON providers (category, position) WHERE active;

CREATE TABLE packages (
  id          INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id INTEGER NOT NULL REFERENCES providers (id),
  code        TEXT NOT NULL,
  name        TEXT NOT NULL,
  amount_kobo BIGINT NOT NULL CHECK (amount_kobo > 0),
  position    INTEGER NOT NULL DEFAULT 0,
  active      BOOLEAN NOT NULL DEFAULT true,
  UNIQUE (provider_id, code)
);
