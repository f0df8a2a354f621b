-- The four Nigerian mobile networks; the rest of the catalogue arrives with purchases.
INSERT INTO providers (category, code, name, position) VALUES
  ('airtime', 'mtn-airtime', 'MTN', 1),
  ('airtime', 'airtel-airtime', 'Airtel', 2),
  ('airtime', 'glo-airtime', 'Glo', 3),
  ('airtime', '9mobile-airtime', '9mobile', 4);
