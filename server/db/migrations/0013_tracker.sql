CREATE TYPE "public"."notification_event" AS ENUM('task_due', 'task_overdue', 'task_done', 'variation_pending', 'variation_decided');--> statement-breakpoint
CREATE TYPE "public"."task_trigger" AS ENUM('config_submitted', 'agreement_signed');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('archived', 'cancelled', 'active', 'live', 'on hold', 'pre-project');--> statement-breakpoint
CREATE TYPE "public"."rag_status" AS ENUM('green', 'amber', 'red');--> statement-breakpoint
CREATE TYPE "public"."risk_severity" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."risk_state" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."variation_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."variation_type" AS ENUM('order_confirmation', 'configuration', 'styling', 'other');--> statement-breakpoint
CREATE TABLE "task_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"event" "notification_event" NOT NULL,
	"recipients" text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"task_type_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"icon" "bytea",
	"icon_mime" text,
	"icon_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"task_type_id" integer NOT NULL,
	"project_types" "config_project_type"[] DEFAULT '{}'::config_project_type[] NOT NULL,
	"position" integer NOT NULL,
	"due_days" integer,
	"milestone" boolean DEFAULT false NOT NULL,
	"trigger" "task_trigger",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_due_days_check" CHECK ("tasks"."due_days" IS NULL OR "tasks"."due_days" BETWEEN 0 AND 3650)
);
--> statement-breakpoint
CREATE TABLE "project_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_risks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"severity" "risk_severity" DEFAULT 'medium' NOT NULL,
	"state" "risk_state" DEFAULT 'open' NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_stakeholders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text,
	"telephone" text,
	"position" text,
	"organisation" text,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_task_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"task_type_id" integer,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"project_task_type_id" integer NOT NULL,
	"task_id" integer,
	"name" text NOT NULL,
	"description" text,
	"stage_id" integer NOT NULL,
	"position" integer NOT NULL,
	"assignee_id" integer,
	"due_date" date,
	"milestone" boolean DEFAULT false NOT NULL,
	"trigger" "task_trigger",
	"custom" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"config_id" integer,
	"agreement_id" integer,
	"name" text NOT NULL,
	"project_type" "config_project_type" NOT NULL,
	"status" "project_status" DEFAULT 'pre-project' NOT NULL,
	"rag" "rag_status" DEFAULT 'green' NOT NULL,
	"rag_manual" "rag_status",
	"project_manager_id" integer,
	"account_manager_id" integer,
	"start_date" date NOT NULL,
	"launch_date" date,
	"went_live_at" timestamp with time zone,
	"complete_percentage" integer DEFAULT 0 NOT NULL,
	"tasks_total" integer DEFAULT 0 NOT NULL,
	"tasks_done" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_guid_unique" UNIQUE("guid"),
	CONSTRAINT "projects_percentage_check" CHECK ("projects"."complete_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"project_id" integer,
	"template_id" integer,
	"event" "notification_event" NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"type" "variation_type" NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"total_effort" numeric(10, 2) DEFAULT 0 NOT NULL,
	"cost_impact" numeric(12, 2) DEFAULT 0 NOT NULL,
	"foc_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"status" "variation_status" NOT NULL,
	"raised_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variations_amounts_check" CHECK ("variations"."total_effort" >= 0 AND "variations"."foc_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "task_notifications" ADD CONSTRAINT "task_notifications_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_notes" ADD CONSTRAINT "project_notes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_notes" ADD CONSTRAINT "project_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_risks" ADD CONSTRAINT "project_risks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_risks" ADD CONSTRAINT "project_risks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stakeholders" ADD CONSTRAINT "project_stakeholders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stakeholders" ADD CONSTRAINT "project_stakeholders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_task_types" ADD CONSTRAINT "project_task_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_task_types" ADD CONSTRAINT "project_task_types_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_project_task_type_id_project_task_types_id_fk" FOREIGN KEY ("project_task_type_id") REFERENCES "public"."project_task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_stage_id_task_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."task_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_manager_id_users_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_template_id_task_notifications_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_notifications_event_idx" ON "task_notifications" USING btree ("event","active");--> statement-breakpoint
CREATE UNIQUE INDEX "task_stages_name_idx" ON "task_stages" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "task_stages_position_idx" ON "task_stages" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "task_types_name_idx" ON "task_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "task_types_position_idx" ON "task_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "tasks_position_idx" ON "tasks" USING btree ("position");--> statement-breakpoint
CREATE INDEX "tasks_type_idx" ON "tasks" USING btree ("task_type_id");--> statement-breakpoint
CREATE INDEX "tasks_name_idx" ON "tasks" USING btree ("name" COLLATE "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "project_notes_project_idx" ON "project_notes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_risks_project_idx" ON "project_risks" USING btree ("project_id","state");--> statement-breakpoint
CREATE INDEX "project_stakeholders_project_idx" ON "project_stakeholders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_stakeholders_user_idx" ON "project_stakeholders" USING btree ("project_id","user_id") WHERE "project_stakeholders"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "project_task_types_project_idx" ON "project_task_types" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_task_types_name_idx" ON "project_task_types" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "project_tasks_board_idx" ON "project_tasks" USING btree ("project_id","stage_id","position");--> statement-breakpoint
CREATE INDEX "project_tasks_type_idx" ON "project_tasks" USING btree ("project_task_type_id","position");--> statement-breakpoint
CREATE INDEX "project_tasks_assignee_idx" ON "project_tasks" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "project_tasks_open_due_idx" ON "project_tasks" USING btree ("due_date") WHERE "project_tasks"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "projects_status_updated_idx" ON "projects" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_pm_idx" ON "projects" USING btree ("project_manager_id");--> statement-breakpoint
CREATE INDEX "projects_am_idx" ON "projects" USING btree ("account_manager_id");--> statement-breakpoint
CREATE INDEX "projects_launch_idx" ON "projects" USING btree ("launch_date");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name" COLLATE "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "projects_config_idx" ON "projects" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "projects_agreement_idx" ON "projects" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_key_idx" ON "user_notifications" USING btree ("recipient","key");--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "variations_project_idx" ON "variations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "variations_status_idx" ON "variations" USING btree ("status","created_at");