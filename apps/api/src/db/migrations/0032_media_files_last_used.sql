-- The last save that named a kept picture; the sweep of unnamed pictures waits a day after it (ADR 021).
-- Existing files get the upgrade's time, so each has its full day of grace.
ALTER TABLE "media_files" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "media_files_last_used_idx" ON "media_files" USING btree ("last_used_at");
