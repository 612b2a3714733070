DROP INDEX "tasks_chain_gin";--> statement-breakpoint
DROP INDEX "tasks_cc_gin";--> statement-breakpoint
DROP INDEX "tasks_title_trgm";--> statement-breakpoint
DROP INDEX "tasks_details_trgm";--> statement-breakpoint
CREATE INDEX "tasks_member_words" ON "tasks" USING gin (("assignment_chain" || "cc"),"title" gin_trgm_ops,"details" gin_trgm_ops);--> statement-breakpoint
-- The planner's estimate of "the caller is a member" comes from the statistics of the index's
-- expression, which only ANALYZE gathers.
ANALYZE "tasks";
