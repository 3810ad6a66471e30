-- A counter that moves whenever the data behind the sign-in check changes (users, sessions, roles
-- given to users, permissions of roles), so the read cache (server/db/read-cache.ts) can keep that
-- check's answer while other tables are written: on PostgreSQL it used to end with every write
-- anywhere, so under a stream of stage writes every request ran the check again (issue 32).
--
-- The counter is bumped by constraint triggers deferred to the end of the transaction: its row lock
-- is then the last lock a transaction takes, held only while it commits, so transactions that touch
-- these tables in different orders can never deadlock on it. Once per transaction: the first row
-- changed bumps it and marks the transaction (a setting local to it). A TRUNCATE (constraint triggers
-- do not fire on it) bumps it through a statement trigger.
CREATE TABLE read_generations (
  name text PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO read_generations (name) VALUES ('auth');
--> statement-breakpoint
CREATE FUNCTION portal_bump_auth_generation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.auth_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
    UPDATE read_generations SET n = n + 1 WHERE name = 'auth';
    PERFORM set_config('portal.auth_generation_bumped', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_auth_generation AFTER INSERT OR UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_auth_generation AFTER INSERT OR UPDATE OR DELETE ON sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_roles_auth_generation AFTER INSERT OR UPDATE OR DELETE ON user_roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER role_permissions_auth_generation AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER permissions_auth_generation AFTER INSERT OR UPDATE OR DELETE ON permissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE TRIGGER users_auth_generation_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_generation_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_generation_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_generation_truncate AFTER TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_auth_generation();
--> statement-breakpoint
CREATE TRIGGER permissions_auth_generation_truncate AFTER TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_auth_generation();
