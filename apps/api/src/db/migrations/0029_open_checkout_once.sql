-- One plan, one charge (ADR 018, amendment "Orders once"): at most one open purchase order per
-- member. A new checkout reuses the open order or closes it under the member's row lock; this
-- partial unique index is the database's own guarantee. Orders left open by the code before it
-- (every checkout opened a new one) are closed first, the newest of each member's kept open: a
-- payment that still arrives for a closed one is refunded, never applied.
UPDATE "payments" SET "status" = 'failed', "last_error" = 'superseded', "updated_at" = now()
 WHERE "kind" = 'checkout' AND "status" = 'pending' AND "user_id" IS NOT NULL
   AND EXISTS (
     SELECT 1 FROM "payments" "newer"
      WHERE "newer"."user_id" = "payments"."user_id" AND "newer"."kind" = 'checkout' AND "newer"."status" = 'pending'
        AND ("newer"."created_at", "newer"."id") > ("payments"."created_at", "payments"."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_checkout_uq" ON "payments" USING btree ("user_id") WHERE "payments"."kind" = 'checkout' and "payments"."status" = 'pending';
