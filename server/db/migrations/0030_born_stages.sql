-- Issue 56: a stage born in the editor has no file in schemas/stages/, so its version 1 is stored
-- (server/catalogue/README.md, "Born stages"). Shipped stages still start storing at 2 (the service's rule).
ALTER TABLE "stage_versions" DROP CONSTRAINT "stage_versions_version_check";--> statement-breakpoint
ALTER TABLE "stage_versions" ADD CONSTRAINT "stage_versions_version_check" CHECK ("stage_versions"."version" >= 1);