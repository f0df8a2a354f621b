-- Scheduled and recurring purchases (services/schedules). A schedule is a purchase its owner
-- authorised once, with the transaction pin, to be made again at set times in Lagos time: the
-- product (provider, plan or amount, number billed), when (once, daily, weekly, monthly, or a
-- cable renewal before its due date), until when, and the most a run may spend.

CREATE TABLE schedules (
  id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users (id),
  name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  category        TEXT NOT NULL CHECK (category ~ '^[a-z]+(-[a-z]+)*$'),
  provider_id     INTEGER NOT NULL REFERENCES providers (id),
  -- A plan-priced service's plan; NULL for an amount, and for a cable renewal (the bouquet the smartcard is on).
  package_id      INTEGER REFERENCES packages (id),
  beneficiary     TEXT NOT NULL CHECK (length(beneficiary) BETWEEN 1 AND 20),
  -- What a run buys for, and the most a run may spend: what the owner authorised with the pin.
  amount_kobo     BIGINT NOT NULL CHECK (amount_kobo > 0),
  authorised_kobo BIGINT NOT NULL CHECK (authorised_kobo >= amount_kobo),
  authorised_at   TIMESTAMPTZ NOT NULL,
  cadence         TEXT NOT NULL CHECK (cadence IN ('once', 'daily', 'weekly', 'monthly', 'renewal')),
  -- Lagos calendar days as YYYY-MM-DD text: both drivers hand them over as they are.
  run_date        TEXT CHECK (run_date::date::text = run_date),
  weekday         SMALLINT CHECK (weekday BETWEEN 0 AND 6),
  month_day       SMALLINT CHECK (month_day BETWEEN 1 AND 31),
  -- A renewal: the due date the biller last told, and how many days before it to renew.
  due_date        TEXT CHECK (due_date::date::text = due_date),
  days_before     SMALLINT CHECK (days_before BETWEEN 0 AND 14),
  -- Lagos wall time of every run, in minutes after midnight.
  run_time        SMALLINT NOT NULL CHECK (run_time BETWEEN 0 AND 1439),
  end_kind        TEXT NOT NULL CHECK (end_kind IN ('never', 'after', 'on')),
  end_runs        INTEGER CHECK (end_runs BETWEEN 1 AND 1000),
  end_date        TEXT CHECK (end_date::date::text = end_date),
  -- Due times dealt with so far (run, failed, missed or skipped): "after N runs" counts them.
  runs_done       INTEGER NOT NULL DEFAULT 0 CHECK (runs_done >= 0),
  -- Runs that could not happen, in a row: the third pauses the schedule.
  failures_in_row SMALLINT NOT NULL DEFAULT 0 CHECK (failures_in_row >= 0),
  status          TEXT NOT NULL CHECK (status IN ('active', 'paused', 'ended', 'deleted')),
  paused_reason   TEXT CHECK (paused_reason IN ('user', 'failures', 'price-changed')),
  -- The due time of the next run; only an active schedule has one.
  next_run_at     TIMESTAMPTZ,
  -- A job run that claimed the due run holds it until then; another replica takes it over after.
  lease_until     TIMESTAMPTZ,
  -- The due time whose day-before reminder was sent (once per due time, whichever replica sends it).
  reminded_for    TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL,
  -- Each cadence has exactly its own fields, each end its own, a paused schedule its reason.
  CHECK ((cadence = 'once') = (run_date IS NOT NULL)),
  CHECK ((cadence = 'weekly') = (weekday IS NOT NULL)),
  CHECK ((cadence = 'monthly') = (month_day IS NOT NULL)),
  CHECK ((cadence = 'renewal') = (due_date IS NOT NULL) AND (cadence = 'renewal') = (days_before IS NOT NULL)),
  CHECK ((end_kind = 'after') = (end_runs IS NOT NULL) AND (end_kind = 'on') = (end_date IS NOT NULL)),
  CHECK ((status = 'paused') = (paused_reason IS NOT NULL)),
  CHECK ((status = 'active') = (next_run_at IS NOT NULL))
);
-- What the job claims: active schedules by due time.
CREATE INDEX schedules_due ON schedules (next_run_at) WHERE status = 'active';
CREATE INDEX schedules_of_user ON schedules (user_id, id) WHERE status <> 'deleted';

-- One row per due time dealt with: the run's own key. Its purchase claims the Idempotency-Key
-- 'schedule run <id>' (a space, which no client's key may hold), so whichever replica, and
-- however many times after a crash, the purchase is made once. A retry the owner asks for is a
-- run of its own, once per failed run.
CREATE TABLE schedule_runs (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  schedule_id    BIGINT NOT NULL REFERENCES schedules (id),
  user_id        BIGINT NOT NULL REFERENCES users (id),
  due_at         TIMESTAMPTZ NOT NULL,
  retry_of       BIGINT UNIQUE REFERENCES schedule_runs (id),
  outcome        TEXT NOT NULL CHECK (outcome IN ('running', 'completed', 'processing', 'failed', 'missed', 'skipped')),
  -- Why a run failed, was missed or skipped (core/schedules.ts RunReason).
  reason         TEXT CHECK (reason ~ '^[a-z]+(-[a-z]+)*$'),
  amount_kobo    BIGINT CHECK (amount_kobo > 0),
  transaction_id BIGINT REFERENCES transactions (id),
  started_at     TIMESTAMPTZ NOT NULL,
  finished_at    TIMESTAMPTZ
);
CREATE UNIQUE INDEX schedule_runs_once_per_due_time ON schedule_runs (schedule_id, due_at) WHERE retry_of IS NULL;
CREATE INDEX schedule_runs_latest ON schedule_runs (schedule_id, id DESC);
