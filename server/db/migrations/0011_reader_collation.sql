DROP INDEX "companies_name_idx";--> statement-breakpoint
DROP INDEX "companies_status_name_idx";--> statement-breakpoint
DROP INDEX "companies_stage_name_idx";--> statement-breakpoint
DROP INDEX "configs_status_name_idx";--> statement-breakpoint
DROP INDEX "media_filename_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "posts_title_idx";--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name" COLLATE "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "companies_status_name_idx" ON "companies" USING btree ("status","name" COLLATE "und-x-icu");--> statement-breakpoint
CREATE INDEX "companies_stage_name_idx" ON "companies" USING btree ("stage","name" COLLATE "und-x-icu");--> statement-breakpoint
CREATE INDEX "configs_status_name_idx" ON "configs" USING btree ("status","name" COLLATE "und-x-icu");--> statement-breakpoint
CREATE INDEX "media_filename_idx" ON "media" USING btree ("filename" COLLATE "und-x-icu");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name" COLLATE "und-x-icu");--> statement-breakpoint
CREATE INDEX "posts_title_idx" ON "posts" USING btree ("post_title" COLLATE "und-x-icu","id");