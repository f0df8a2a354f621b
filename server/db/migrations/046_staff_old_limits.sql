-- staff_failed_attempts (043) counts a staff member's wrong passwords and codes apart and holds
-- their locks; the account's single counter and lock it replaced are read by nothing.
ALTER TABLE staff DROP COLUMN failed_attempts, DROP COLUMN locked_until;
