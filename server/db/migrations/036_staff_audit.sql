-- Every staff action, reading a customer's page included: who, what, when, from where, and the
-- state before and after. Written in the transaction of the action it records, so there is no
-- action without its record and no record of an action that rolled back. Append-only: the
-- database refuses to change or remove a row, whoever asks.
CREATE TABLE staff_audit (
  id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          TIMESTAMPTZ NOT NULL,
  -- Null for the command line (the first admin, a disabled account); `actor` says who then.
  staff_id    BIGINT REFERENCES staff (id),
  actor       TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 300),
  action      TEXT NOT NULL CHECK (action ~ '^[a-z]+(\.[a-z]+(-[a-z]+)*)+$'),
  -- The customer the action concerns, if any: a customer's history of staff actions.
  customer_id BIGINT REFERENCES users (id),
  -- What was acted on, e.g. 'transaction:42', 'case:NW-…', 'request:7', 'staff:3'.
  subject     TEXT CHECK (length(subject) <= 100),
  address     TEXT CHECK (length(address) <= 64),
  before      JSONB,
  after       JSONB
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, at DESC);
CREATE INDEX staff_audit_customer ON staff_audit (customer_id, at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX staff_audit_action ON staff_audit (action, at DESC);

CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the staff audit is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER staff_audit_append_only BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
