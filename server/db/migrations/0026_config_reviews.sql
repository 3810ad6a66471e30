-- Review threads and comments on a config's fields, and who has a stage page open (issue 55): server/db/schema/reviews.ts says what each column holds. Presence lives here, not in one process, so every instance sees every open page.
CREATE TABLE "config_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"mentions" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "config_presence" (
	"tab" uuid NOT NULL,
	"config_id" integer NOT NULL,
	"stage" text NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_presence_tab_pk" PRIMARY KEY("tab")
);
--> statement-breakpoint
CREATE TABLE "config_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"stage" text NOT NULL,
	"pointer" text DEFAULT '' NOT NULL,
	"row_list" text,
	"row_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_threads_row_check" CHECK (("config_threads"."row_id" IS NULL) = ("config_threads"."row_list" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "config_comments" ADD CONSTRAINT "config_comments_thread_id_config_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."config_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_comments" ADD CONSTRAINT "config_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_presence" ADD CONSTRAINT "config_presence_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_presence" ADD CONSTRAINT "config_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_threads" ADD CONSTRAINT "config_threads_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_threads" ADD CONSTRAINT "config_threads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_threads" ADD CONSTRAINT "config_threads_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_comments_thread_idx" ON "config_comments" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "config_presence_config_idx" ON "config_presence" USING btree ("config_id","stage");--> statement-breakpoint
CREATE INDEX "config_threads_config_idx" ON "config_threads" USING btree ("config_id","stage");--> statement-breakpoint
-- An installation made before issue 55 gets its two permissions and the demo roles' defaults (server/db/seed-data.ts ROLES); an empty database is seeded with them instead (no roles yet: nothing here).
INSERT INTO "permissions" ("name") SELECT v.name FROM (VALUES ('comment configs'), ('review configs')) AS v(name) WHERE EXISTS (SELECT 1 FROM "roles") ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON (r.name, p.name) IN (
    ('Administrator', 'comment configs'), ('Administrator', 'review configs'),
    ('Project Manager', 'comment configs'), ('Project Manager', 'review configs'),
    ('Account Manager', 'comment configs'), ('Client', 'comment configs'))
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every write of a config tells the instances' event streams (GET /configs/{id}/events) at once, whichever instance wrote it: a trigger, so no write path can miss it. The payload is small (NOTIFY takes at most 8000 bytes): listeners read the revision for its changes.
CREATE FUNCTION config_revision_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('config_events', json_build_object('kind', 'saved', 'config_id', NEW.config_id, 'revision_id', NEW.id, 'version', NEW.version, 'stage', NEW.stage, 'user_id', NEW.user_id)::text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER config_revisions_notify AFTER INSERT ON "config_revisions" FOR EACH ROW EXECUTE FUNCTION config_revision_notify();
