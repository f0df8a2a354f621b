-- Schedules that cannot buy one renewal twice nor outlive an account's recovery
-- (services/schedules).

-- A recovery (this wasn't me, a password reset, a pin reset or change) pauses every schedule
-- of the account until its owner authorises it again with the pin.
ALTER TABLE schedules DROP CONSTRAINT schedules_paused_reason_check;
ALTER TABLE schedules ADD CONSTRAINT schedules_paused_reason_check
  CHECK (paused_reason IN ('user', 'failures', 'price-changed', 'recovery'));

-- A cable renewal's run claims the due date it pays for before it buys, and keeps the claim
-- once it bought (a run that bought nothing lets it go): one renewal per due date, whichever
-- runs race for it.
ALTER TABLE schedule_runs ADD COLUMN renewal_due TEXT CHECK (renewal_due::date::text = renewal_due);
COMMENT ON COLUMN schedule_runs.renewal_due IS 'A Lagos calendar day, YYYY-MM-DD.';
CREATE UNIQUE INDEX schedule_runs_one_renewal_per_due_date ON schedule_runs (schedule_id, renewal_due)
  WHERE renewal_due IS NOT NULL;
