-- What a bill's description is made of, so that it is said in the reader's language when it is
-- shown (the activity list, a receipt, a text, a statement) rather than only in the English it
-- was stored in. The English description stays the record the operator console reads; a row
-- without parts (written before this column, or by a release without it) is shown as stored.
ALTER TABLE transactions ADD COLUMN bill_parts JSONB;

COMMENT ON COLUMN transactions.bill_parts IS
  'A bill''s parts, said in the reader''s language (services/records/descriptions.ts); null: as stored.';
