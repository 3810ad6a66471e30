CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"alt" text,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"company_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "product_terms" (
	"product_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "product_terms_product_id_term_id_pk" PRIMARY KEY("product_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost_type" text DEFAULT 'per month' NOT NULL,
	"cost_notes" text,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"addition" boolean DEFAULT false NOT NULL,
	"conditions" text,
	"editable" boolean DEFAULT false NOT NULL,
	"location_limit" integer,
	"stock_limit" integer,
	"per_stock" boolean DEFAULT false NOT NULL,
	"cost_per_stock" numeric(12, 2),
	"per_location" boolean DEFAULT false NOT NULL,
	"per_franchise" boolean DEFAULT false NOT NULL,
	"fixed_setup_fee" numeric(12, 2),
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_column" integer NOT NULL,
	"children" text DEFAULT '' NOT NULL,
	"parent" integer,
	"add_by_default_in_agreement" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_terms" ADD CONSTRAINT "product_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_terms" ADD CONSTRAINT "product_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "media_filename_idx" ON "media" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "product_terms_term_idx" ON "product_terms" USING btree ("term_id","product_id");--> statement-breakpoint
CREATE INDEX "products_order_idx" ON "products" USING btree ("order_column","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");