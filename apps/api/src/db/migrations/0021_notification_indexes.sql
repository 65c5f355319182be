ALTER TABLE "notifications" DROP CONSTRAINT "notifications_dedupe_key_uq";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_read_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_digest_uq" ON "notifications" USING btree ((md5("dedupe_key")::uuid));