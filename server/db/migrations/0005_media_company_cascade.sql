-- A company's own media go with the company: "set null" made them shared files, seen by every dealer.
ALTER TABLE "media" DROP CONSTRAINT "media_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;