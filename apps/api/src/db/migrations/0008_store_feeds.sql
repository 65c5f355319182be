CREATE TYPE "public"."feed_format" AS ENUM('json', 'csv', 'xml');--> statement-breakpoint
CREATE TYPE "public"."feed_import_source" AS ENUM('upload', 'cli', 'schedule');--> statement-breakpoint
CREATE TYPE "public"."feed_import_status" AS ENUM('running', 'succeeded', 'refused', 'held', 'failed', 'not-modified');--> statement-breakpoint
CREATE TYPE "public"."feed_mode" AS ENUM('full', 'partial');--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"source" "feed_import_source" NOT NULL,
	"format" "feed_format",
	"mode" "feed_mode",
	"status" "feed_import_status" DEFAULT 'running' NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"report" jsonb,
	"error_code" text,
	"error_message" text,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "feed_unmatched_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"gtin" text,
	"brand" text,
	"model" text,
	"title" text,
	"price" integer,
	"url" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"times_seen" integer DEFAULT 1 NOT NULL,
	"last_import_id" uuid,
	"resolved_product_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "feed_unmatched_items_store_sku_uq" UNIQUE("store_id","sku"),
	CONSTRAINT "feed_unmatched_items_price_ck" CHECK ("feed_unmatched_items"."price" is null or "feed_unmatched_items"."price" > 0),
	CONSTRAINT "feed_unmatched_items_times_seen_ck" CHECK ("feed_unmatched_items"."times_seen" >= 1)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_url" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "freshness_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_etag" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_last_modified" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_next_pull_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_leased_by" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feed_last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_unmatched_items" ADD CONSTRAINT "feed_unmatched_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_unmatched_items" ADD CONSTRAINT "feed_unmatched_items_last_import_id_feed_imports_id_fk" FOREIGN KEY ("last_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_unmatched_items" ADD CONSTRAINT "feed_unmatched_items_resolved_product_id_products_id_fk" FOREIGN KEY ("resolved_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_unmatched_items" ADD CONSTRAINT "feed_unmatched_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_imports_store_started_idx" ON "feed_imports" USING btree ("store_id","started_at" desc);--> statement-breakpoint
CREATE INDEX "feed_unmatched_items_queue_idx" ON "feed_unmatched_items" USING btree ("store_id",("resolved_product_id" is not null),"last_seen_at" desc);--> statement-breakpoint
CREATE INDEX "stores_feed_next_pull_idx" ON "stores" USING btree ("feed_next_pull_at") WHERE "stores"."feed_url" is not null and "stores"."feed_interval_minutes" is not null;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_feed_interval_ck" CHECK ("stores"."feed_interval_minutes" is null or "stores"."feed_interval_minutes" >= 15);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_freshness_hours_ck" CHECK ("stores"."freshness_hours" > 0);