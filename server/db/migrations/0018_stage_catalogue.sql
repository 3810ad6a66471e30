CREATE TABLE "stage_drafts" (
	"slug" text PRIMARY KEY NOT NULL,
	"file" jsonb NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"file" jsonb NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text NOT NULL,
	"hash" text NOT NULL,
	"rolled_back_to" integer,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_versions_slug_version_key" UNIQUE("slug","version"),
	CONSTRAINT "stage_versions_version_check" CHECK ("stage_versions"."version" >= 2)
);
--> statement-breakpoint
ALTER TABLE "stage_drafts" ADD CONSTRAINT "stage_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_versions" ADD CONSTRAINT "stage_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 31: a published stage version is immutable (configs are pinned to it, browsers cache its
-- validator by hash). Only the publisher column may change: a deleted user leaves it null.
CREATE OR REPLACE FUNCTION portal_stage_versions_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.slug, NEW.version, NEW.file, NEW.labels, NEW.note, NEW.hash, NEW.rolled_back_to, NEW.published_at)
     IS DISTINCT FROM (OLD.slug, OLD.version, OLD.file, OLD.labels, OLD.note, OLD.hash, OLD.rolled_back_to, OLD.published_at) THEN
    RAISE EXCEPTION 'a published stage version cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stage_versions_immutable BEFORE UPDATE ON stage_versions FOR EACH ROW EXECUTE FUNCTION portal_stage_versions_immutable();
