-- fetch-providers, polled every minute by every open app, answers the catalogue each
-- process keeps in memory, read again only when this version has moved. Every change of the
-- catalogue (a migration, the catalogue sync, an operator's edit, on any process) moves it in
-- the transaction that makes the change, so no process answers a catalogue older than one it
-- could read. One row, written only when the catalogue changes.
CREATE TABLE catalog_version (
  id      BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  version BIGINT NOT NULL
);
INSERT INTO catalog_version (version) VALUES (1);

CREATE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER providers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
CREATE TRIGGER packages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
