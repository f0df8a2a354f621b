-- The user's own records: named beneficiaries and reported problems. Statements
-- are built from the ledger when asked for and stored nowhere.

-- A number the user saved under a name, per service category. The number is stored as the
-- service's beneficiary rule normalises it (core/services.ts), so the same meter typed with
-- spaces is one beneficiary; the provider is the one the user had chosen when saving, if any.
CREATE TABLE saved_beneficiaries (
  id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category    TEXT NOT NULL CHECK (category ~ '^[a-z]+(-[a-z]+)*$'),
  beneficiary TEXT NOT NULL CHECK (length(beneficiary) BETWEEN 1 AND 20),
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  provider_id INTEGER REFERENCES providers (id),
  created_at  TIMESTAMPTZ NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, category, beneficiary)
);

-- A problem the user reported about one of their transactions. The case number is what the
-- user quotes to support (NW- and eight letters and digits nobody misreads); the reference
-- travels with the transaction id. One case at a time per transaction: a second report of a
-- transaction whose case is not resolved is refused.
CREATE TABLE problem_reports (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_number    TEXT NOT NULL UNIQUE CHECK (case_number ~ '^NW-[0-9A-HJKMNP-TV-Z]{8}$'),
  user_id        BIGINT NOT NULL REFERENCES users (id),
  transaction_id BIGINT NOT NULL REFERENCES transactions (id),
  reason         TEXT NOT NULL CHECK (reason ~ '^[a-z]+(-[a-z]+)*$'),
  note           TEXT NOT NULL CHECK (length(note) <= 1000),
  status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in-review', 'resolved')),
  created_at     TIMESTAMPTZ NOT NULL,
  updated_at     TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX problem_reports_one_open_case ON problem_reports (transaction_id) WHERE status <> 'resolved';
CREATE INDEX problem_reports_user ON problem_reports (user_id, transaction_id);
