-- The bell's kinds of a config review (issue 55, contract/tracker.ts NOTIFICATION_EVENTS): a mention, a reply, a request for changes. ADD VALUE runs inside the migrator's transaction on PostgreSQL 12 and later (and PGlite); nothing in this migration uses the new values, as that transaction could not.
ALTER TYPE "public"."notification_event" ADD VALUE 'mention';--> statement-breakpoint
ALTER TYPE "public"."notification_event" ADD VALUE 'reply';--> statement-breakpoint
ALTER TYPE "public"."notification_event" ADD VALUE 'changes_requested';