-- Issue 31: each config is pinned to the stage versions it started with (slug -> published version;
-- a stage not named is on version 1). Stage files are stored as json, not jsonb: jsonb reorders
-- object keys, and a schema's property order is the form's field order.
ALTER TABLE "stage_drafts" ALTER COLUMN "file" SET DATA TYPE json USING "file"::json;--> statement-breakpoint
ALTER TABLE "stage_versions" ALTER COLUMN "file" SET DATA TYPE json USING "file"::json;--> statement-breakpoint
ALTER TABLE "configs" ADD COLUMN "stage_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- json has no equality: the immutability check compares the file's text.
CREATE OR REPLACE FUNCTION portal_stage_versions_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.slug, NEW.version, NEW.file::text, NEW.labels, NEW.note, NEW.hash, NEW.rolled_back_to, NEW.published_at)
     IS DISTINCT FROM (OLD.slug, OLD.version, OLD.file::text, OLD.labels, OLD.note, OLD.hash, OLD.rolled_back_to, OLD.published_at) THEN
    RAISE EXCEPTION 'a published stage version cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
