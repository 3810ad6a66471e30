-- The companies list's `q` search (ILIKE '%text%' on name, contact name and town): trigram
-- indexes, so a search reads the companies that match rather than all of them. pg_trgm ships with
-- PostgreSQL (a trusted extension: the database owner may create it) and with PGlite (loaded in
-- server/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_contact_name_trgm_idx" ON "companies" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_address_line3_trgm_idx" ON "companies" USING gin ("address_line3" gin_trgm_ops);