CREATE TABLE "hidden_search_terms" (
	"term_key" text PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hidden_search_terms" ADD CONSTRAINT "hidden_search_terms_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;