-- Exactly once, refused by the database as well as by the code. Each movement that may happen
-- only once has a unique index keyed by what it happens once for, so a second one fails at write
-- time whichever code path tries it, a future one included; the daily ledger audit stays as the
-- second check. services/ledger.ts is the only writer and names the same guards.
--
-- Applying this over a ledger that already holds a double (the audit would have listed it)
-- fails on the unique index it breaks: resolve that first, with a reversing movement.

-- The outside record a movement books, for those that book one: a partner's payment
-- ('<provider>:<reference>', the reference the partner gave it) or an operator's action.
ALTER TABLE ledger_movements ADD COLUMN source_ref TEXT CHECK (length(source_ref) BETWEEN 1 AND 200);

-- The movements already posted get theirs. The ledger is append-only; a new column is filled
-- here once, by the migration, with its guard switched off for these two statements only.
ALTER TABLE ledger_movements DISABLE TRIGGER ledger_movements_append_only;
UPDATE ledger_movements m SET source_ref = it.provider || ':' || it.reference
FROM incoming_transfers it
WHERE m.kind = 'funding' AND it.transaction_id = m.transaction_id;
UPDATE ledger_movements m SET source_ref = it.provider || ':' || it.reference
FROM unmatched_transfers u JOIN incoming_transfers it ON it.id = u.incoming_transfer_id
WHERE m.kind = 'transfer-unmatched' AND u.movement_id = m.id;
ALTER TABLE ledger_movements ENABLE TRIGGER ledger_movements_append_only;

-- The kinds of movement, each with its guard below: a new kind is decided here, with its once.
ALTER TABLE ledger_movements ADD CONSTRAINT ledger_movements_kind_known CHECK (kind IN (
  'purchase-reserve', 'purchase-settle', 'purchase-refund', 'cashback',
  'funding', 'transfer-unmatched', 'suspense-match', 'suspense-return',
  'goodwill-credit', 'goodwill-debit'
));

-- What each guard is keyed by must be there, or the guard would not see the movement: a bill's
-- movements name the bill's transaction (cashback: its cashback transaction), a partner's
-- payment or an operator's action is named in source_ref.
ALTER TABLE ledger_movements ADD CONSTRAINT ledger_movements_guard_key CHECK (
  CASE
    WHEN kind IN ('purchase-reserve', 'purchase-settle', 'purchase-refund', 'cashback') THEN transaction_id IS NOT NULL
    ELSE source_ref IS NOT NULL
  END
);

-- One hold per bill: one reservation of its purchase transaction.
CREATE UNIQUE INDEX ledger_movements_one_hold ON ledger_movements (transaction_id) WHERE kind = 'purchase-reserve';
-- At most one outcome per hold: posted (settled) or voided (refunded), never both, never twice.
CREATE UNIQUE INDEX ledger_movements_one_outcome ON ledger_movements (transaction_id) WHERE kind IN ('purchase-settle', 'purchase-refund');
-- One cashback per bill: one movement per cashback transaction, and one cashback transaction per
-- bill (transactions.rewarded_transaction_id is UNIQUE, and a cashback must name its bill).
CREATE UNIQUE INDEX ledger_movements_one_cashback ON ledger_movements (transaction_id) WHERE kind = 'cashback';
ALTER TABLE transactions ADD CONSTRAINT transactions_cashback_names_its_bill CHECK (category <> 'cashback' OR rewarded_transaction_id IS NOT NULL);
-- One funding credit per partner reference.
CREATE UNIQUE INDEX ledger_movements_one_funding ON ledger_movements (source_ref) WHERE kind = 'funding';
-- A payment to an account nobody has is held in suspense once, and released once: matched to a
-- wallet or returned to its sender, not both.
CREATE UNIQUE INDEX ledger_movements_one_suspense_hold ON ledger_movements (source_ref) WHERE kind = 'transfer-unmatched';
CREATE UNIQUE INDEX ledger_movements_one_suspense_release ON ledger_movements (source_ref) WHERE kind IN ('suspense-match', 'suspense-return');
-- An operator's goodwill adjustment moves money once per action, credit or debit.
CREATE UNIQUE INDEX ledger_movements_one_adjustment ON ledger_movements (source_ref) WHERE kind IN ('goodwill-credit', 'goodwill-debit');

-- A hold's outcome needs the hold: nothing is posted or voided that was never held.
CREATE FUNCTION ledger_outcome_has_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_movements WHERE transaction_id = NEW.transaction_id AND kind = 'purchase-reserve') THEN
    RAISE EXCEPTION 'ledger: % of transaction % has no hold to complete or release', NEW.kind, NEW.transaction_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_movements_outcome_has_hold AFTER INSERT ON ledger_movements
  FOR EACH ROW WHEN (NEW.kind IN ('purchase-settle', 'purchase-refund')) EXECUTE FUNCTION ledger_outcome_has_hold();
