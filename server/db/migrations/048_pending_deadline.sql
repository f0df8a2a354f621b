-- Every bill final for its customer within 24 hours of its debit (docs/domain.md, "Failed
-- purchases: the 30-second and 24-hour rules"). A bill the biller has not confirmed by its deadline
-- is refunded in full; the business keeps asking the biller, and a later "delivered" is the
-- business's loss (a write-off from its own account to the biller's), never the customer's.

-- The latest moment the customer's money may stay held: the debit (the transaction's creation,
-- when the amount was held) plus 24 hours. Bills placed before this migration get theirs from
-- their own debit, so one already pending longer is refunded at the requery job's next run.
ALTER TABLE purchases ADD COLUMN deadline_at TIMESTAMPTZ;
UPDATE purchases p SET deadline_at = t.created_at + interval '24 hours' FROM transactions t WHERE t.id = p.transaction_id;
ALTER TABLE purchases ALTER COLUMN deadline_at SET NOT NULL;
COMMENT ON COLUMN purchases.deadline_at IS 'Debit plus 24 hours: the bill is refunded if the biller has not confirmed it by then.';

-- Each refund's time after the debit, measured once in the statement that refunds.
ALTER TABLE purchases ADD COLUMN refunded_at TIMESTAMPTZ;
ALTER TABLE purchases ADD COLUMN refund_delay_ms BIGINT CHECK (refund_delay_ms >= 0);
ALTER TABLE purchases ADD CONSTRAINT purchases_refund_measured CHECK ((refunded_at IS NULL) = (refund_delay_ms IS NULL));
COMMENT ON COLUMN purchases.refund_delay_ms IS 'How long after the debit the refund came (refunded_at minus the transaction''s creation).';
UPDATE purchases p
SET refunded_at = m.created_at,
    refund_delay_ms = greatest(0, round(extract(epoch FROM m.created_at - t.created_at) * 1000))::bigint
FROM transactions t, ledger_movements m
WHERE t.id = p.transaction_id AND m.transaction_id = t.id AND m.kind = 'purchase-refund';

-- A bill refunded at its deadline without the biller's answer is an exposure of the business:
-- open while the biller is still asked; then 'delivered' (the loss is posted, once) or 'failed'
-- (nothing was lost).
ALTER TABLE purchases ADD COLUMN exposure TEXT CHECK (exposure IN ('open', 'delivered', 'failed'));
ALTER TABLE purchases ADD COLUMN exposure_resolved_at TIMESTAMPTZ;
ALTER TABLE purchases ADD CONSTRAINT purchases_exposure_refunded CHECK (exposure IS NULL OR refunded_at IS NOT NULL);
ALTER TABLE purchases ADD CONSTRAINT purchases_exposure_resolved
  CHECK ((exposure_resolved_at IS NOT NULL) = (exposure IS NOT NULL AND exposure <> 'open'));
COMMENT ON COLUMN purchases.exposure IS 'Refunded at the deadline unconfirmed: open until the biller answers delivered (loss posted) or failed.';

COMMENT ON COLUMN purchases.next_requery_at IS 'When the requery job asks the biller next: while processing, and after a refund at the deadline until the biller answers.';

CREATE INDEX purchases_refunded ON purchases (refunded_at) WHERE refunded_at IS NOT NULL;
CREATE INDEX purchases_exposures ON purchases (exposure, deadline_at) WHERE exposure IS NOT NULL;

-- The business's loss on a bill refunded at its deadline that the biller later delivered: from
-- the business's own account to what the biller is owed. Once per bill, and only after its refund.
ALTER TABLE ledger_movements DROP CONSTRAINT ledger_movements_kind_known;
ALTER TABLE ledger_movements ADD CONSTRAINT ledger_movements_kind_known CHECK (kind IN (
  'purchase-reserve', 'purchase-settle', 'purchase-refund', 'purchase-write-off', 'cashback',
  'funding', 'transfer-unmatched', 'suspense-match', 'suspense-return',
  'goodwill-credit', 'goodwill-debit'
));
ALTER TABLE ledger_movements DROP CONSTRAINT ledger_movements_guard_key;
ALTER TABLE ledger_movements ADD CONSTRAINT ledger_movements_guard_key CHECK (
  CASE
    WHEN kind IN ('purchase-reserve', 'purchase-settle', 'purchase-refund', 'purchase-write-off', 'cashback')
      THEN transaction_id IS NOT NULL
    ELSE source_ref IS NOT NULL
  END
);
CREATE UNIQUE INDEX ledger_movements_one_write_off ON ledger_movements (transaction_id) WHERE kind = 'purchase-write-off';

CREATE FUNCTION ledger_write_off_has_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_movements WHERE transaction_id = NEW.transaction_id AND kind = 'purchase-refund') THEN
    RAISE EXCEPTION 'ledger: write-off of transaction % that was never refunded', NEW.transaction_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_movements_write_off_has_refund AFTER INSERT ON ledger_movements
  FOR EACH ROW WHEN (NEW.kind = 'purchase-write-off') EXECUTE FUNCTION ledger_write_off_has_refund();
