CREATE TYPE "public"."delivery_channel" AS ENUM('in_app', 'mail', 'digest', 'none');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('mention', 'changes_requested', 'reply', 'stages_waiting', 'task_due', 'agreement_to_sign', 'variation_to_approve');--> statement-breakpoint
ALTER TYPE "public"."notification_event" ADD VALUE 'stages_waiting';--> statement-breakpoint
ALTER TYPE "public"."notification_event" ADD VALUE 'agreement_to_sign';--> statement-breakpoint
ALTER TYPE "public"."notification_event" ADD VALUE 'agreement_reminder';--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"items" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"channel" "delivery_channel" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reminder_days" integer DEFAULT 7;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "remind_after_days" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "digest_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_sent_idx" ON "agreements" USING btree ("sent_at") WHERE "agreements"."stage" = 'sent' AND "agreements"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "user_notifications_digest_idx" ON "user_notifications" USING btree ("user_id","id") WHERE "user_notifications"."digest_pending";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reminder_days" CHECK ("companies"."reminder_days" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_remind_after_days" CHECK ("agreements"."remind_after_days" BETWEEN 1 AND 90);