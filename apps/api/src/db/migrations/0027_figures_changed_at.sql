ALTER TABLE "product_prices" ADD COLUMN "figures_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "words_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Change times for the in-memory indexes' periodic rereads (ADR 010 amendment of 2026-12-03,
-- "Rereads by change time"). The listing index read every category whole again every five
-- minutes to bound a lost announcement: at a million products, a minute of the server's thread.
-- With these it reads only the products changed since its last read. They are set here, in the
-- writing transaction, at its start (now()), whatever the writer: the index reads from before the
-- oldest transaction still open, so a late commit is not missed. No index on them: one scan of
-- this narrow table every few minutes, and every price change can still update its row in place.
CREATE FUNCTION "public"."kiyasla_product_prices_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.figures_changed_at := now();
	RETURN NEW;
END
$$;--> statement-breakpoint
-- The figures the listing index reads from this table (listing-index.ts, rowsSql).
CREATE TRIGGER "product_prices_figures_changed" BEFORE UPDATE ON "product_prices"
	FOR EACH ROW
	WHEN ((OLD.category_id, OLD.subcategory_id, OLD.is_active, OLD.min_price, OLD.prev_min_price, OLD.price_updated_at,
	       OLD.free_shipping, OLD.in_stock, OLD.lower_price_seen_at, OLD.store_ids)
	      IS DISTINCT FROM
	      (NEW.category_id, NEW.subcategory_id, NEW.is_active, NEW.min_price, NEW.prev_min_price, NEW.price_updated_at,
	       NEW.free_shipping, NEW.in_stock, NEW.lower_price_seen_at, NEW.store_ids))
	EXECUTE FUNCTION "public"."kiyasla_product_prices_figures_changed"();--> statement-breakpoint
-- The figures it reads from the product, and what the word index holds (its words, ratings count
-- and active flag); category, subcategory and active flag reach the prices row through
-- products_prices_scope (migration 0010), which the trigger above stamps.
CREATE FUNCTION "public"."kiyasla_product_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE public.product_prices
	   SET figures_changed_at = now(),
	       words_changed_at = CASE
	         WHEN (OLD.search_vector, OLD.ratings_count, OLD.is_active)
	              IS DISTINCT FROM (NEW.search_vector, NEW.ratings_count, NEW.is_active)
	         THEN now() ELSE words_changed_at END
	 WHERE product_id = NEW.id;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_figures_changed" AFTER UPDATE ON "products"
	FOR EACH ROW
	WHEN ((OLD.brand, OLD.is_featured, OLD.ratings_count, OLD.average_rating, OLD.created_at, OLD.specifications,
	       OLD.search_vector, OLD.is_active)
	      IS DISTINCT FROM
	      (NEW.brand, NEW.is_featured, NEW.ratings_count, NEW.average_rating, NEW.created_at, NEW.specifications,
	       NEW.search_vector, NEW.is_active))
	EXECUTE FUNCTION "public"."kiyasla_product_figures_changed"();
