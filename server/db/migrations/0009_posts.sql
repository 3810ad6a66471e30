-- Showcase posts (spec sections 3 and 7: GET/POST/PUT/DELETE /posts): the provider's stories of
-- dealer websites that went live, with a featured image and an ordered gallery from the media
-- library, region/make/type terms and free meta. A deleted image leaves its posts (featured set
-- null, gallery row gone); a deleted author leaves the post authorless.
CREATE TABLE "post_media" (
	"post_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "post_media_post_id_media_id_pk" PRIMARY KEY("post_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "post_meta" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"meta_key" text NOT NULL,
	"meta_value" text
);
--> statement-breakpoint
CREATE TABLE "post_terms" (
	"post_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "post_terms_post_id_term_id_pk" PRIMARY KEY("post_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"post_title" text NOT NULL,
	"slug" text NOT NULL,
	"post_excerpt" text,
	"post_content" text,
	"post_status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"website_address" text,
	"featured_media_id" integer,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_guid_unique" UNIQUE("guid"),
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_status_check" CHECK ("posts"."post_status" IN ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_meta" ADD CONSTRAINT "post_meta_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_terms" ADD CONSTRAINT "post_terms_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_terms" ADD CONSTRAINT "post_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_featured_media_id_media_id_fk" FOREIGN KEY ("featured_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_media_position_idx" ON "post_media" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "post_media_media_idx" ON "post_media" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_meta_post_key_idx" ON "post_meta" USING btree ("post_id","meta_key");--> statement-breakpoint
CREATE INDEX "post_terms_term_idx" ON "post_terms" USING btree ("term_id","post_id");--> statement-breakpoint
CREATE INDEX "posts_title_idx" ON "posts" USING btree ("post_title","id");--> statement-breakpoint
CREATE INDEX "posts_status_published_idx" ON "posts" USING btree ("post_status","published_at");