-- What staff record while working cases: a problem report's resolution (the customer gets it by
-- e-mail and sees it on the transaction), what became of a reconciliation mismatch or a disputed
-- credit, an operator's decision on a customer's address, and each ledger audit's outcome.

ALTER TABLE problem_reports ADD COLUMN resolution_note TEXT CHECK (length(resolution_note) BETWEEN 1 AND 1000);
ALTER TABLE problem_reports ADD COLUMN resolved_at TIMESTAMPTZ;
ALTER TABLE problem_reports ADD CONSTRAINT problem_reports_resolved_with_note CHECK ((status = 'resolved') = (resolution_note IS NOT NULL AND resolved_at IS NOT NULL));

ALTER TABLE reconciliation_mismatches ADD COLUMN status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved'));
ALTER TABLE reconciliation_mismatches ADD COLUMN note TEXT CHECK (length(note) BETWEEN 1 AND 500);
ALTER TABLE reconciliation_mismatches ADD COLUMN handled_at TIMESTAMPTZ;
ALTER TABLE disputed_transfers ADD COLUMN status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved'));
ALTER TABLE disputed_transfers ADD COLUMN note TEXT CHECK (length(note) BETWEEN 1 AND 500);
ALTER TABLE disputed_transfers ADD COLUMN handled_at TIMESTAMPTZ;

-- An operator's decision that a customer's address was (or was not) verified, with what was
-- seen: the latest decision stands. The tier rules read it; nothing here changes a limit.
CREATE TABLE address_decisions (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  staff_id   BIGINT NOT NULL REFERENCES staff (id),
  verified   BOOLEAN NOT NULL,
  note       TEXT NOT NULL CHECK (length(note) BETWEEN 10 AND 500),
  decided_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX address_decisions_user ON address_decisions (user_id, decided_at DESC);

-- Each ledger audit run (the job, `npm run audit`, the console's "run now"): the console shows the
-- last. Named apart from the ledger's own tables (ledger_*), which only the ledger module writes.
CREATE TABLE audit_runs (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ran_at        TIMESTAMPTZ NOT NULL,
  problem_count INTEGER NOT NULL CHECK (problem_count >= 0),
  -- The first problems found, in words (ids and amounts, no personal data).
  problems      JSONB NOT NULL
);
CREATE INDEX audit_runs_at ON audit_runs (ran_at DESC);
