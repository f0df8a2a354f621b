-- The request counters (gateways/requestCounters.ts) are soft state: a count of the
-- current window per client. UNLOGGED, their upsert writes no WAL, so its commit does not wait
-- for the disk — one flush less on every limited request (a purchase among them). A crash of
-- the database server empties the table: every window starts again, which costs an abuser one
-- window at most, and never money.
ALTER TABLE rate_limit_counters SET UNLOGGED;
