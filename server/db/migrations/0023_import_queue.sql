-- Imports dispatched through the job queue (pg-boss, issue 53): the request kept for whichever instance's worker runs it, and the run entitled to write.
ALTER TABLE "import_jobs" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "run_by" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;