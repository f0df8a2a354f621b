-- On a PostgreSQL server the migrations run as the database's owner (MIGRATION_DATABASE_URL) and
-- the server as a role of its own (DATABASE_URL): a role that could alter the staff audit could
-- disable its append-only trigger, empty it, or drop it, and the audit would mean nothing against
-- whoever holds the server's role. This is what that role may do. The migrator calls it after
-- every run (server/db/database.ts), so the tables of later migrations are granted too; a later
-- append-only table is added to it by replacing the function.
--
-- The tables: read and write. The staff audit: read and append only (no UPDATE, DELETE, TRUNCATE
-- or TRIGGER, and only the owner may ALTER or DROP it). The record of migrations: read only.
-- Sequences: their next value, never set back (setval would make the audit's inserts collide).
-- Whatever was granted by hand before is taken back from those two tables first.
--
-- PGlite has one user, who owns everything: it never calls this, and cannot split the roles.
CREATE FUNCTION grant_runtime_role(runtime name) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  audit_sequence text := pg_get_serial_sequence('staff_audit', 'id');
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', runtime);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', runtime);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', runtime);
  EXECUTE format('REVOKE ALL ON staff_audit, schema_migrations FROM %I', runtime);
  EXECUTE format('GRANT SELECT, INSERT ON staff_audit TO %I', runtime);
  EXECUTE format('GRANT SELECT ON schema_migrations TO %I', runtime);
  EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I', audit_sequence, runtime);
  EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO %I', audit_sequence, runtime);
END;
$$;
-- Only its owner grants: a function is callable by everyone unless told otherwise.
REVOKE ALL ON FUNCTION grant_runtime_role(name) FROM PUBLIC;
