-- Text messages (services/notifications/outbox.ts, services/account/phoneVerification.ts): every
-- transaction's outcome goes by SMS as well as by e-mail, to a phone its owner has verified.

-- The outbox holds an e-mail and a text of one event: a message is once per channel, kind and event.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_event_key;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_kind_event_key UNIQUE (channel, kind, event);

-- When the owner proved the phone on file is theirs, with a code sent to it; NULL until then, and
-- again once the phone is changed. Only a verified phone receives texts.
ALTER TABLE users ADD COLUMN phone_verified_at TIMESTAMPTZ;

-- A code texted to the phone on file, beside the e-mailed ones: it serves that purpose only, and
-- its hash binds it to the number it was sent to.
ALTER TABLE email_otps DROP CONSTRAINT email_otps_purpose_check;
ALTER TABLE email_otps ADD CONSTRAINT email_otps_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-pin', 'verify-phone'));
