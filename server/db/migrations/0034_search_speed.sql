-- Issue 58, the search's speed for staff (server/search/README.md, search.service.ts).
-- 1. Names in byte order: a name that starts with the query is a range of this index, already in
--    order, so the first few are read without looking at the rest (pg_trgm takes no trigram from a
--    two-letter query, and hands over every match of a longer one unordered).
CREATE INDEX IF NOT EXISTS "search_entries_name_idx" ON "search_entries" ("kind", "name_norm" COLLATE "C");--> statement-breakpoint
-- 2. The trigram and full-text indexes, one per kind: each part of the search asks for one kind,
--    and with one index over all kinds a part read (and scored) every other kind's matches before
--    dropping them: a near-spelling lookup of "skoda" among users scored 3,928 companies and configs.
CREATE INDEX IF NOT EXISTS "search_entries_company_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'company';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_company_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'company';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_user_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'user';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_user_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'user';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_config_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'config';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_config_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'config';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_agreement_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'agreement';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_agreement_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'agreement';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_project_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'project';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_project_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'project';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_task_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'task';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_task_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'task';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_product_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'product';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_product_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'product';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_post_terms_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops) WHERE "kind" = 'post';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_entries_post_tsv_idx" ON "search_entries" USING gin ("tsv") WHERE "kind" = 'post';--> statement-breakpoint
DROP INDEX IF EXISTS "search_entries_terms_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_entries_tsv_idx";
