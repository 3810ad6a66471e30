CREATE TYPE "public"."config_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."config_design_type" AS ENUM('template', 'custom', 'franchise', 'na');--> statement-breakpoint
CREATE TYPE "public"."config_project_type" AS ENUM('multi-franchise-dealer', 'single-franchise-dealer', 'independent', 'auto-e-migration', 'franchise', 'oem', 'stock', 'vehicle-locator', 'jlr-osb', 'experience', 'other', 'leasing', 'data-management', 'inventory-solutions');--> statement-breakpoint
CREATE TABLE "config_meta" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"meta_key" text NOT NULL,
	"meta_value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage" text,
	"action" text NOT NULL,
	"old_state" text,
	"new_state" text,
	"patches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inverse_patches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_stages" text[] DEFAULT '{}'::text[] NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" integer NOT NULL,
	"design_type" "config_design_type" NOT NULL,
	"project_type" "config_project_type",
	"status" "config_status" DEFAULT 'active' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"stages" text[] NOT NULL,
	"project_manager_id" integer,
	"account_manager_id" integer,
	"agreement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "configs_guid_unique" UNIQUE("guid"),
	CONSTRAINT "configs_progress_range" CHECK ("configs"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "config_meta" ADD CONSTRAINT "config_meta_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configs" ADD CONSTRAINT "configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configs" ADD CONSTRAINT "configs_project_manager_id_users_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configs" ADD CONSTRAINT "configs_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configs" ADD CONSTRAINT "configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_meta_config_key_idx" ON "config_meta" USING btree ("config_id","meta_key");--> statement-breakpoint
CREATE INDEX "config_revisions_config_id_idx" ON "config_revisions" USING btree ("config_id","id");--> statement-breakpoint
CREATE INDEX "configs_company_status_idx" ON "configs" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "configs_status_updated_idx" ON "configs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "configs_status_name_idx" ON "configs" USING btree ("status","name");