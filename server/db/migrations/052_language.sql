-- The language an account is spoken to in (core/i18n/locales.ts): its e-mails, texts and in-app
-- notifications, and the server's answers once signed in, on every device. Chosen at registration
-- from the browser's languages, changed from the app; English, the product's own wording, for
-- every account that existed before.
ALTER TABLE users
  ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pcm', 'ha', 'yo', 'ig'));

COMMENT ON COLUMN users.language IS
  'What its e-mails, texts and notifications are written in (core/i18n/locales.ts LOCALES).';
