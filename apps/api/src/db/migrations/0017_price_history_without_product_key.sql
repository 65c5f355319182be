ALTER TABLE "price_history" DROP CONSTRAINT "price_history_product_id_products_id_fk";
