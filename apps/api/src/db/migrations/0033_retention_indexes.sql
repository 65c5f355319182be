-- The hourly retention pass (jobs/scheduler.ts) deletes by age in batches, each batch found through one of these:
-- read notifications by when they were written, rotated refresh tokens and sessions' newest rows by expiry
-- (kept for different times, ADR 004), finished channel deliveries by when they were written (ADR 017).
-- All partial; a notification is written unread and a delivery pending, so the fan-out's inserts never touch theirs.
-- analytics_events needs none: its old rows go type by type through its (type, created_at) index.
CREATE INDEX "refresh_sessions_rotated_expires_idx" ON "refresh_sessions" USING btree ("expires_at") WHERE "refresh_sessions"."replaced_by_id" is not null;--> statement-breakpoint
CREATE INDEX "refresh_sessions_newest_expires_idx" ON "refresh_sessions" USING btree ("expires_at") WHERE "refresh_sessions"."replaced_by_id" is null;--> statement-breakpoint
CREATE INDEX "notifications_read_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "notification_deliveries_finished_created_idx" ON "notification_deliveries" USING btree ("created_at") WHERE "notification_deliveries"."status" in ('sent', 'failed', 'skipped');