-- Feed items without a GTIN or product id are matched on brand + model: both folded the Turkish
-- way (kiyasla_fold, 0003) with everything but letters and digits dropped, so "Apple" + "iPhone 15
-- Pro" and "APPLE" + "iphone15-pro" meet. Null when the model is missing or has no letter or digit.
CREATE OR REPLACE FUNCTION kiyasla_match_key(brand text, model text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(regexp_replace(public.kiyasla_fold(brand), '[^a-z0-9]+', '', 'g'), '') || '|' ||
               nullif(regexp_replace(public.kiyasla_fold(model), '[^a-z0-9]+', '', 'g'), '') $$;
--> statement-breakpoint
-- Staging rows are disposable (an import that dies is marked failed and run again): unlogged.
CREATE UNLOGGED TABLE "feed_import_items" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"line" integer,
	"sku" text NOT NULL,
	"product_id" uuid,
	"gtin" text,
	"brand" text,
	"model" text,
	"title" text,
	"price" integer NOT NULL,
	"original_price" integer,
	"availability" "availability" NOT NULL,
	"url" text NOT NULL,
	"shipping_free" boolean,
	"shipping_cost" integer,
	"shipping_days" integer,
	"matched_product_id" uuid,
	"reject_code" text,
	CONSTRAINT "feed_import_items_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
DROP INDEX "products_brand_model_idx";--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "availability" "availability" DEFAULT 'in-stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_import_items" ADD CONSTRAINT "feed_import_items_import_id_feed_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."feed_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_match_key_idx" ON "products" USING btree (public.kiyasla_match_key("brand", "model"));--> statement-breakpoint
CREATE INDEX "store_offers_store_seen_idx" ON "store_offers" USING btree ("store_id","last_seen_at") WHERE "store_offers"."is_active";