-- Stopping the sale of a failing product (one provider of one service) before anyone types a
-- purchase of it (server/services/purchases/productPauses.ts; docs/operations.md, "Paused
-- products"). Every replica writes and reads these rows, so every replica agrees on what is paused.

-- The outcome of each pay call, kept for the sliding window the threshold is counted over (older
-- rows are deleted as new ones come). `failed`: no answer in time, or an answer that does not say
-- what became of the bill (an unexplained error); a definitive decline is an answer, often the
-- customer's own input's, and is not counted as failing. No key to users: a row is a figure, not
-- a record of the customer, and lives minutes.
CREATE TABLE product_pay_calls (
  id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id INTEGER NOT NULL REFERENCES providers (id),
  user_id     BIGINT NOT NULL,
  at          TIMESTAMPTZ NOT NULL,
  failed      BOOLEAN NOT NULL
);
CREATE INDEX product_pay_calls_window ON product_pay_calls (provider_id, at);

-- A product not sold now, one row at most each. `failing`: the threshold tripped; from retry_at
-- one purchase at a time is let through as a trial (trial_until is its lease), and the trial that
-- delivers deletes the row. `staff`: paused in the console, until staff resume it. Every pause and
-- resume is in the staff audit (the automatic ones under the actor "automatic (product health)").
CREATE TABLE product_pauses (
  provider_id INTEGER PRIMARY KEY REFERENCES providers (id),
  cause       TEXT NOT NULL CHECK (cause IN ('failing', 'staff')),
  paused_at   TIMESTAMPTZ NOT NULL,
  staff_id    BIGINT REFERENCES staff (id),
  note        TEXT NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  retry_at    TIMESTAMPTZ,
  trial_until TIMESTAMPTZ,
  CHECK ((cause = 'failing') = (retry_at IS NOT NULL)),
  CHECK ((cause = 'staff') = (staff_id IS NOT NULL)),
  CHECK (cause = 'failing' OR trial_until IS NULL)
);
COMMENT ON COLUMN product_pauses.note IS 'Why: the reason staff gave, or the figures that tripped the threshold.';
COMMENT ON COLUMN product_pauses.retry_at IS 'A failing product: when a trial purchase is let through.';
COMMENT ON COLUMN product_pauses.trial_until IS 'The lease of the trial purchase under way, if any.';

-- The catalogue carries each product's pause: a pause or a resume moves its version
-- (018_catalog_version.sql), so every replica's fetch-providers answers it at the next poll.
CREATE TRIGGER product_pauses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_pauses
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();

-- Why a run did not buy, in the purchase path's words (a refusal's own message, with its time and
-- what to do): /schedules shows it as the bell and the e-mail did.
ALTER TABLE schedule_runs ADD COLUMN detail TEXT CHECK (length(detail) <= 500);
COMMENT ON COLUMN schedule_runs.detail IS 'Why the run did not buy, as the purchase path refused it; null when it bought.';
