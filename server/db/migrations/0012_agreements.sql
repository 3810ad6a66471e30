CREATE TYPE "public"."agreement_stage" AS ENUM('created', 'sent', 'signed');--> statement-breakpoint
CREATE TYPE "public"."agreement_type" AS ENUM('new', 'renewal', 'amendment');--> statement-breakpoint
CREATE TABLE "agreement_envelopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"document_filename" text NOT NULL,
	"user_id" integer,
	"provider" text NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"signer_user_id" integer,
	"signer_name" text NOT NULL,
	"signer_position" text,
	"signer_email" text NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text,
	"shown_sha256" text NOT NULL,
	"signed_sha256" text NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"signature_image" "bytea",
	"signed_pdf" "bytea" NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_signatures_sha256" CHECK (length("agreement_signatures"."shown_sha256") = 64 AND length("agreement_signatures"."signed_sha256") = 64)
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" "agreement_type" DEFAULT 'new' NOT NULL,
	"stage" "agreement_stage" DEFAULT 'created' NOT NULL,
	"lang" text NOT NULL,
	"notes" text,
	"message" text,
	"user_id" integer,
	"company_details" jsonb NOT NULL,
	"subscription" jsonb NOT NULL,
	"sent_catalogue" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "agreement_envelopes" ADD CONSTRAINT "agreement_envelopes_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_envelopes" ADD CONSTRAINT "agreement_envelopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_envelopes_agreement_idx" ON "agreement_envelopes" USING btree ("agreement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_agreement_idx" ON "agreement_signatures" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreements_archived_stage_updated_idx" ON "agreements" USING btree ("archived_at","stage","updated_at");--> statement-breakpoint
CREATE INDEX "agreements_archived_updated_idx" ON "agreements" USING btree ("archived_at","updated_at","id");--> statement-breakpoint
CREATE INDEX "agreements_user_idx" ON "agreements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agreements_company_idx" ON "agreements" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "agreements_name_idx" ON "agreements" USING btree ("name" COLLATE "und-x-icu","id");--> statement-breakpoint
ALTER TABLE "configs" ADD CONSTRAINT "configs_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;