ALTER TABLE "feed_import_items" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_import_items" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "feed_import_items" ADD COLUMN "confirm_due" boolean;