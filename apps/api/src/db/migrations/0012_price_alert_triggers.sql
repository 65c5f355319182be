ALTER TABLE "price_alerts" ADD COLUMN "armed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Alerts that existed before were last armed when last changed.
UPDATE "price_alerts" SET "armed_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_product_uq" ON "price_alerts" USING btree ("user_id","product_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_dedupe_key_uq" UNIQUE("dedupe_key");