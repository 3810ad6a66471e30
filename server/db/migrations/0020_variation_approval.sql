-- A variation's approval names what it approves: `revision` moves on with every change (a decision
-- naming an older one is a 409), and `amounts_changed_by` is who last changed the amounts (they cannot
-- approve them). Variations already stored: their amounts are taken as the raiser's.
ALTER TABLE "variations" ADD COLUMN "amounts_changed_by" integer;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_amounts_changed_by_users_id_fk" FOREIGN KEY ("amounts_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "variations" SET "amounts_changed_by" = "raised_by";
