-- Four eyes on who may move money. Creating, resetting or raising (a role upward) a finance or
-- admin identity is asked by one admin and made only by a *different* admin's approval, within a
-- day; the approval e-mails the invitation to the account's own address, never to either admin.
-- A money request's checker must be independent of its maker: not an identity the maker made.

CREATE TABLE staff_changes (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          TEXT NOT NULL CHECK (kind IN ('create', 'reset', 'raise')),
  status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'expired')),
  -- The account changed; a creation's account is made by its approval.
  staff_id      BIGINT REFERENCES staff (id),
  email         TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- The role asked for (a creation, a raise) or held (a reset).
  role          TEXT NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
  maker_id      BIGINT NOT NULL REFERENCES staff (id),
  created_at    TIMESTAMPTZ NOT NULL,
  expires_at    TIMESTAMPTZ NOT NULL CHECK (expires_at > created_at),
  checker_id    BIGINT REFERENCES staff (id),
  decided_at    TIMESTAMPTZ,
  decision_note TEXT CHECK (length(decision_note) <= 500),
  -- Four eyes, whatever the code says: the checker is neither the maker nor the account changed,
  -- and nobody asks to reset or raise their own account.
  CHECK (checker_id <> maker_id),
  CHECK (checker_id <> staff_id),
  CHECK (maker_id <> staff_id),
  CHECK ((checker_id IS NOT NULL) = (status IN ('approved', 'rejected'))),
  CHECK (kind = 'create' OR staff_id IS NOT NULL),
  CHECK (kind <> 'create' OR (staff_id IS NOT NULL) = (status = 'approved'))
);
-- One open change per address at a time (a creation names an address no account has yet).
CREATE UNIQUE INDEX staff_changes_one_pending ON staff_changes (email) WHERE status = 'pending';
-- Who shaped an account: what the money checker's independence reads.
CREATE INDEX staff_changes_approved ON staff_changes (staff_id) WHERE status = 'approved';

-- When the account last changed hands (a reset's invitation accepted) or powers (a raise); null
-- while it is as it was created. For a day after it the account checks nobody's money.
ALTER TABLE staff ADD COLUMN identity_changed_at TIMESTAMPTZ;

-- The checker of a money request is independent of its maker, under the code's own refusal
-- (server/console/services/staffChanges.ts): not an account the maker created, or asked for or
-- approved the creation, reset or raise of; not the creator of the maker's account; and not an
-- account that changed hands or powers in the 24 hours before the decision (IDENTITY_SETTLING_MS).
CREATE FUNCTION money_checker_independent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decided TIMESTAMPTZ := coalesce(NEW.decided_at, now());
BEGIN
  IF NEW.checker_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM staff WHERE id = NEW.checker_id AND created_by = NEW.maker_id)
     OR EXISTS (SELECT 1 FROM staff WHERE id = NEW.maker_id AND created_by = NEW.checker_id)
     OR EXISTS (SELECT 1 FROM staff_changes WHERE staff_id = NEW.checker_id AND status = 'approved' AND NEW.maker_id IN (maker_id, checker_id)) THEN
    RAISE EXCEPTION 'money request %: its checker is not independent of its maker', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM staff WHERE id = NEW.checker_id AND identity_changed_at > decided - interval '24 hours') THEN
    RAISE EXCEPTION 'money request %: its checker''s account changed in the last 24 hours', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER money_checker_independent BEFORE INSERT OR UPDATE OF checker_id ON money_requests
  FOR EACH ROW EXECUTE FUNCTION money_checker_independent();
