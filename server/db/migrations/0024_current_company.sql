-- The company a member of several companies works in now (issue 54): kept per user, so a reload, a new sign-in and every instance find it, and tenancy (server/db/tenancy.ts) holds a dealer to it. Keyed by the membership, so it is always a company the user belongs to and goes with the membership.
CREATE TABLE "current_companies" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "current_companies" ADD CONSTRAINT "current_companies_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."company_users"("company_id","user_id") ON DELETE cascade ON UPDATE no action;
