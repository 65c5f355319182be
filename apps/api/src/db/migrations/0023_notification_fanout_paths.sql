-- The price-change consumer's fan-out of notifications (ADR 017, amendment of 2026-11-27): on the
-- 1M catalog a feed changing 20,000 products writes ~20,000 notifications in one drain.
--
-- 1. The notifications' foreign key to users goes. Its per-row check ran a query that locked the
--    user's row for every notification (a fifth of the drops' insert). Statement-level triggers
--    keep what it guaranteed, set-based:
--    - an insert naming a user that does not exist fails with 23503 (foreign_key_violation);
--    - a notification's user never changes;
--    - deleting users deletes their notifications (the cascade). The delete first takes a lock
--      that waits for every transaction writing notifications to end, and makes new writers wait
--      until it ends; their check then sees the users gone. So no notification of a deleted user
--      survives either order.
-- 2. "Who favorited this product?" (favorites by product, with the user as a key), "is this account
--    active?" (users) and products' names by id are answered from indexes alone, without a visit
--    to each row (the products' 2.5 KB rows are rarely cached).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
CREATE FUNCTION "notifications_check_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "inserted_notifications" n WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = n."user_id")) THEN
    RAISE EXCEPTION 'a notification names a user that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_users_exist" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "inserted_notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notifications_check_users"();
--> statement-breakpoint
CREATE FUNCTION "notifications_keep_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a notification''s user cannot change' USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_user_fixed" BEFORE UPDATE OF "user_id" ON "notifications"
  FOR EACH ROW WHEN (NEW."user_id" IS DISTINCT FROM OLD."user_id") EXECUTE FUNCTION "notifications_keep_user"();
--> statement-breakpoint
CREATE FUNCTION "users_delete_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "notifications" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "notifications" n USING "deleted_users" d WHERE n."user_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_notifications" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "deleted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_delete_notifications"();
--> statement-breakpoint
DROP INDEX "favorites_product_idx";--> statement-breakpoint
CREATE INDEX "users_active_id_idx" ON "users" USING btree ("id") WHERE "users"."is_active" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_id_name_idx" ON "products" USING btree ("id","name");--> statement-breakpoint
CREATE INDEX "favorites_product_user_idx" ON "favorites" USING btree ("product_id","user_id");
