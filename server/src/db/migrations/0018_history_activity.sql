ALTER TABLE "audit_events" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE INDEX "audit_events_org_time_idx" ON "audit_events" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_time_idx" ON "audit_events" USING btree ("org_id","actor_user_id","created_at","id");