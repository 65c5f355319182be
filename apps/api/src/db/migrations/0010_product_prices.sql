-- Prices leave the products row (ADR 015): a price change rewrote a products row with 17 indexes,
-- three of them GIN, about half a millisecond each at 1M products. product_prices is narrow, has
-- room on every page for an update in place (fillfactor 80) and four indexes.
CREATE TABLE "product_prices" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"is_active" boolean NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"prev_min_price" integer,
	"original_price" integer,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"price_updated_at" timestamp with time zone
) WITH (fillfactor = 80);
--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "category_id", "subcategory_id", "is_active", "min_price", "max_price",
	"prev_min_price", "original_price", "offer_count", "price_updated_at")
SELECT "id", "category_id", "subcategory_id", "is_active", "min_price", "max_price", "prev_min_price",
	"original_price", "offer_count", "price_updated_at"
FROM "products";
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_category_price_idx" ON "product_prices" USING btree ("category_id","min_price");--> statement-breakpoint
CREATE INDEX "product_prices_subcategory_price_idx" ON "product_prices" USING btree ("subcategory_id","min_price");--> statement-breakpoint
CREATE INDEX "product_prices_min_price_idx" ON "product_prices" USING btree ("min_price");--> statement-breakpoint
-- Every product has its prices row: a new product gets one (no prices yet), whatever inserts it.
-- A statement trigger, so a bulk insert adds them in one statement. A writer that inserts the
-- prices row itself in the same statement (the benchmark's generator) keeps its own.
CREATE FUNCTION "public"."kiyasla_product_prices_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO public.product_prices (product_id, category_id, subcategory_id, is_active)
	SELECT n.id, n.category_id, n.subcategory_id, n.is_active FROM new_products n
	ON CONFLICT (product_id) DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_prices_row" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_products
	FOR EACH STATEMENT EXECUTE FUNCTION "public"."kiyasla_product_prices_insert"();--> statement-breakpoint
-- The copies of the product's category, subcategory and active flag follow the product.
CREATE FUNCTION "public"."kiyasla_product_prices_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE public.product_prices
	   SET category_id = NEW.category_id, subcategory_id = NEW.subcategory_id, is_active = NEW.is_active
	 WHERE product_id = NEW.id;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_prices_scope" AFTER UPDATE OF "category_id", "subcategory_id", "is_active" ON "products"
	FOR EACH ROW
	WHEN ((OLD.category_id, OLD.subcategory_id, OLD.is_active) IS DISTINCT FROM (NEW.category_id, NEW.subcategory_id, NEW.is_active))
	EXECUTE FUNCTION "public"."kiyasla_product_prices_scope"();--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_price_idx";--> statement-breakpoint
DROP INDEX "products_min_price_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "min_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "max_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "prev_min_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "original_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "offer_count";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price_updated_at";
