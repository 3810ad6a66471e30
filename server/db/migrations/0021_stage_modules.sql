-- Compiled validator modules by the hash of their text (issue 53): any instance serves
-- GET /stage-validators/{hash}.js, also one that did not compile the module itself.
CREATE TABLE "stage_modules" (
	"hash" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"draft" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stage_modules_draft_created_idx" ON "stage_modules" USING btree ("draft","created_at");