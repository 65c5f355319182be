-- A scope's products by brand (issue 16): the brand facet of a category or subcategory when a
-- brand is chosen (its counts without the brand filter) and a brand-filtered count are answered
-- from these indexes alone instead of every product row of the scope (telefon at 1M products:
-- ~270 ms -> ~25 ms).
CREATE INDEX "products_category_brand_idx" ON "products" USING btree ("category_id","is_active","brand");--> statement-breakpoint
CREATE INDEX "products_subcategory_brand_idx" ON "products" USING btree ("subcategory_id","is_active","brand");