-- Configurator admin settings (issue 30, server/adminconfigs): internal page layouts staff apply to configs.
CREATE TABLE "admin_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"position" integer,
	"archived_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_configs_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "admin_configs" ADD CONSTRAINT "admin_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_configs" ADD CONSTRAINT "admin_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_configs_active_name_idx" ON "admin_configs" USING btree ("type",lower("name")) WHERE "admin_configs"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "admin_configs_type_position_idx" ON "admin_configs" USING btree ("type","position");