CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "companies_status_name_idx" ON "companies" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "companies_stage_name_idx" ON "companies" USING btree ("stage","name");--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_updated_at_idx" ON "companies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "company_terms_term_idx" ON "company_terms" USING btree ("term_id","company_id");--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id");