-- The holder the biller knows under the number a purchase billed (meter, betting account,
-- smartcard): the purchase verifies that number itself before it reserves any money, and the
-- name it found goes on the transaction and its receipt, so a verification made for another
-- number earlier on the screen can never stand in for it. NULL for services that verify
-- nothing, and for funding.
ALTER TABLE transactions ADD COLUMN customer_name TEXT CHECK (length(customer_name) BETWEEN 1 AND 200);
