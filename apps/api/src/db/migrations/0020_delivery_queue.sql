CREATE TABLE "notification_delivery_queue" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
