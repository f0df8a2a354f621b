-- The outbox (services/notifications/outbox.ts): every message that follows a change (a receipt,
-- a notice of a credential change, a staff invitation) is written here in the transaction that
-- makes the change, so a change that rolls back sends nothing and one that commits cannot lose
-- its message. The process that made the change tries it at once; the outbox job
-- (jobs/outbox.ts) sends what is still pending, with backoff, on whichever replica claims it.
-- Codes and reset links a user asked for on a screen are not written here: the request sends
-- them itself (SECURITY.md, "Messages and the outbox").

CREATE TABLE outbox (
  id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Only 'email' has a sender today; an SMS sender will take the 'sms' rows.
  channel         TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  -- What happened, and the id of that one event: the same event never queues a second message.
  kind            TEXT NOT NULL CHECK (kind ~ '^[a-z]+(-[a-z]+)*$' AND length(kind) <= 40),
  event           TEXT NOT NULL CHECK (length(event) BETWEEN 1 AND 100),
  -- The message's own id, the same at every attempt (the e-mail's Message-ID), so a copy sent
  -- again after an answer that never came is recognisable as the same message.
  message_id      UUID NOT NULL,
  recipient       TEXT NOT NULL CHECK (length(recipient) BETWEEN 1 AND 320),
  subject         TEXT NOT NULL CHECK (length(subject) <= 200),
  -- The message itself, sealed; erased once it is sent or given up.
  body            TEXT,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'undeliverable')),
  -- Sends begun so far, the one right after the change included.
  attempts        INTEGER NOT NULL CHECK (attempts >= 0),
  -- A pending message is sent at or after this time; a claimed one is held until then.
  next_attempt_at TIMESTAMPTZ,
  last_error      TEXT CHECK (length(last_error) <= 300),
  created_at      TIMESTAMPTZ NOT NULL,
  -- When it was sent or given up.
  finished_at     TIMESTAMPTZ,
  UNIQUE (kind, event),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'pending') = (body IS NOT NULL)),
  CHECK ((status = 'pending') = (finished_at IS NULL)),
  CHECK (status <> 'undeliverable' OR last_error IS NOT NULL)
);
-- What the job claims, per channel, by due time.
CREATE INDEX outbox_due ON outbox (channel, next_attempt_at) WHERE status = 'pending';
-- What staff see: the messages given up, newest first.
CREATE INDEX outbox_undeliverable ON outbox (finished_at DESC) WHERE status = 'undeliverable';
-- What the job prunes: finished messages past their keeping time.
CREATE INDEX outbox_created ON outbox (created_at);

COMMENT ON COLUMN outbox.body IS
  'Sealed at rest (services/secretBox.ts) with the message id as context; NULL once sent or given up.';
COMMENT ON COLUMN outbox.last_error IS 'Why the last attempt failed, without the provider''s text or any address.';
