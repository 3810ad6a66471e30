CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"ip" text,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"part" text,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("kind","record_id","at" DESC NULLS LAST);--> statement-breakpoint
-- Issue 58: every row written through the API to an audited table is recorded by audit_row(), in the same transaction as the write. The writer comes from the session setting portal.actor, which the server sets on the connection before each write of a request (server/db/actor.ts); outside a request (the seed, migrations, the sweep) it is empty and nothing is recorded. Arguments: the record's kind, the column naming the record, the part (the table, when the row is part of a record: a role's permission), columns left out (bookkeeping: updated_at, a version counter; a move's new positions are entered, every row it renumbered), secret columns (recorded as changed, never their values) and large ones (neither read nor compared: a media file's bytes).
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor_text text := nullif(current_setting('portal.actor', true), '');
  actor jsonb;
  ignored text[] := string_to_array(nullif(TG_ARGV[3], ''), ',');
  masked text[] := string_to_array(nullif(TG_ARGV[4], ''), ',');
  omitted text[] := string_to_array(nullif(TG_ARGV[5], ''), ',');
  cols text;
  old_row jsonb;
  new_row jsonb;
  changes jsonb := '{}'::jsonb;
  k text;
  b jsonb;
  a jsonb;
  differs boolean;
BEGIN
  IF actor_text IS NULL THEN
    RETURN NULL;
  END IF;
  actor := actor_text::jsonb;
  IF omitted IS NULL THEN
    IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  ELSE
    SELECT string_agg(quote_ident(attname), ',') INTO cols FROM pg_attribute
      WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped AND NOT (attname = ANY (omitted));
    IF TG_OP <> 'INSERT' THEN EXECUTE format('SELECT to_jsonb(t) FROM (SELECT %s FROM (SELECT ($1).*) s) t', cols) INTO old_row USING OLD; END IF;
    IF TG_OP <> 'DELETE' THEN EXECUTE format('SELECT to_jsonb(t) FROM (SELECT %s FROM (SELECT ($1).*) s) t', cols) INTO new_row USING NEW; END IF;
  END IF;
  FOR k IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
    CONTINUE WHEN ignored IS NOT NULL AND k = ANY (ignored);
    b := old_row -> k;
    a := new_row -> k;
    CONTINUE WHEN b IS NOT DISTINCT FROM a;
    CONTINUE WHEN TG_OP <> 'UPDATE' AND coalesce(a, b) = 'null'::jsonb;
    IF masked IS NOT NULL AND k = ANY (masked) THEN
      changes := changes || jsonb_build_object(k, jsonb_build_object('masked', true));
    ELSE
      changes := changes || jsonb_build_object(k, jsonb_build_object('before', b, 'after', a));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  IF omitted IS NOT NULL AND TG_OP = 'UPDATE' THEN
    FOREACH k IN ARRAY omitted LOOP
      EXECUTE format('SELECT ($1).%1$I IS DISTINCT FROM ($2).%1$I', k) INTO differs USING OLD, NEW;
      IF differs THEN changes := changes || jsonb_build_object(k, jsonb_build_object('omitted', true)); END IF;
    END LOOP;
  END IF;
  INSERT INTO audit_log (actor_id, actor_name, actor_email, ip, kind, record_id, action, part, changes)
    VALUES ((actor ->> 'id')::integer, actor ->> 'name', actor ->> 'email', actor ->> 'ip', TG_ARGV[0],
      coalesce(new_row, old_row) ->> TG_ARGV[1], lower(TG_OP), nullif(TG_ARGV[2], ''), changes);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Append-only: updates, TRUNCATE and deletes are refused, but the retention's delete of entries older than the period it names in the same transaction (server/audit/audit.retention.ts). The test harness's PGlite pool puts seeded rows back with session_replication_role = replica, under which ordinary triggers do not fire (tests/support/pglite-pool.ts).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days text := current_setting('portal.audit_retention_days', true);
BEGIN
  IF TG_OP = 'DELETE' AND days ~ '^[0-9]{1,5}$' AND OLD.at < now() - make_interval(days => days::integer) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- The audited tables (issue 58's list: companies, users, roles, products, categories, media, showcases, agreements, projects, tasks, variations, stage versions, layouts, imports, and the tables holding their parts).
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "company_meta" FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id', 'company_meta', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "company_terms" FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id', 'company_terms', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "company_users" FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id', 'company_users', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'id', '', 'updated_at,token_version', 'password_hash', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'user_id', 'user_roles', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION audit_row('role', 'id', '', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH ROW EXECUTE FUNCTION audit_row('role', 'role_id', 'role_permissions', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION audit_row('product', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "product_terms" FOR EACH ROW EXECUTE FUNCTION audit_row('product', 'product_id', 'product_terms', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "taxonomies" FOR EACH ROW EXECUTE FUNCTION audit_row('category', 'id', '', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "terms" FOR EACH ROW EXECUTE FUNCTION audit_row('category', 'taxonomy_id', 'terms', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "media" FOR EACH ROW EXECUTE FUNCTION audit_row('media', 'id', '', '', '', 'data,thumbnail');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION audit_row('showcase', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "post_media" FOR EACH ROW EXECUTE FUNCTION audit_row('showcase', 'post_id', 'post_media', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "post_terms" FOR EACH ROW EXECUTE FUNCTION audit_row('showcase', 'post_id', 'post_terms', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "post_meta" FOR EACH ROW EXECUTE FUNCTION audit_row('showcase', 'post_id', 'post_meta', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "agreements" FOR EACH ROW EXECUTE FUNCTION audit_row('agreement', 'id', '', 'updated_at,version', '', 'sent_catalogue');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "agreement_signers" FOR EACH ROW EXECUTE FUNCTION audit_row('agreement', 'agreement_id', 'agreement_signers', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "agreement_envelopes" FOR EACH ROW EXECUTE FUNCTION audit_row('agreement', 'agreement_id', 'agreement_envelopes', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "agreement_signatures" FOR EACH ROW EXECUTE FUNCTION audit_row('agreement', 'agreement_id', 'agreement_signatures', '', '', 'signature_image,signed_pdf');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION audit_row('project', 'id', '', 'updated_at,version', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "project_task_types" FOR EACH ROW EXECUTE FUNCTION audit_row('project', 'project_id', 'project_task_types', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "project_stakeholders" FOR EACH ROW EXECUTE FUNCTION audit_row('project', 'project_id', 'project_stakeholders', '', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "project_notes" FOR EACH ROW EXECUTE FUNCTION audit_row('project', 'project_id', 'project_notes', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "project_risks" FOR EACH ROW EXECUTE FUNCTION audit_row('project', 'project_id', 'project_risks', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "project_tasks" FOR EACH ROW EXECUTE FUNCTION audit_row('task', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "variations" FOR EACH ROW EXECUTE FUNCTION audit_row('variation', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION audit_row('task_template', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "task_stages" FOR EACH ROW EXECUTE FUNCTION audit_row('task_stage', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "task_types" FOR EACH ROW EXECUTE FUNCTION audit_row('task_type', 'id', '', 'updated_at,icon_hash', '', 'icon');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "task_notifications" FOR EACH ROW EXECUTE FUNCTION audit_row('notification_template', 'id', '', 'updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "stage_versions" FOR EACH ROW EXECUTE FUNCTION audit_row('stage_version', 'slug', '', '', '', 'file,labels');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "admin_configs" FOR EACH ROW EXECUTE FUNCTION audit_row('layout', 'id', '', 'updated_at,updated_by', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "import_jobs" FOR EACH ROW EXECUTE FUNCTION audit_row('import', 'id', '', 'processed,total,heartbeat_at,running,attempts,run_id,run_by', '', 'result,error,request');--> statement-breakpoint
-- The permission to read the audit log (contract/permissions.ts), held by the Administrator role; an empty database is seeded with it instead (no roles yet: nothing here).
INSERT INTO "permissions" ("name") SELECT 'view audit log' WHERE EXISTS (SELECT 1 FROM "roles") ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.name = 'view audit log' WHERE r.name = 'Administrator'
  ON CONFLICT DO NOTHING;
