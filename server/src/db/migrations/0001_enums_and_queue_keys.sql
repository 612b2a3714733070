CREATE TYPE "public"."access_level" AS ENUM('READ', 'WRITE');--> statement-breakpoint
CREATE TYPE "public"."action_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."action_type" AS ENUM('CREATE', 'UPDATE', 'ARCHIVE', 'UNARCHIVE', 'ACTIVATE', 'DEACTIVATE');--> statement-breakpoint
CREATE TYPE "public"."entity_type" AS ENUM('CLIENT', 'PROJECT', 'COLLECTION', 'ASSET', 'EMPLOYEE', 'SUPPLIER', 'TECHNICAL_INFO');--> statement-breakpoint
CREATE TYPE "public"."project_invoice_status" AS ENUM('PENDING', 'CLEARED');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('In Progress', 'Pending Approval', 'Completed', 'Deleted');--> statement-breakpoint
ALTER TABLE "access_entries" ALTER COLUMN "entity_type" SET DATA TYPE "public"."entity_type" USING "entity_type"::"public"."entity_type";--> statement-breakpoint
ALTER TABLE "access_entries" ALTER COLUMN "access_level" SET DATA TYPE "public"."access_level" USING "access_level"::"public"."access_level";--> statement-breakpoint
ALTER TABLE "pending_actions" ALTER COLUMN "action_type" SET DATA TYPE "public"."action_type" USING "action_type"::"public"."action_type";--> statement-breakpoint
ALTER TABLE "pending_actions" ALTER COLUMN "entity_type" SET DATA TYPE "public"."entity_type" USING "entity_type"::"public"."entity_type";--> statement-breakpoint
ALTER TABLE "pending_actions" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "pending_actions" ALTER COLUMN "status" SET DATA TYPE "public"."action_status" USING "status"::"public"."action_status";--> statement-breakpoint
ALTER TABLE "pending_actions" ALTER COLUMN "status" SET DEFAULT 'PENDING'::"public"."action_status";--> statement-breakpoint
ALTER TABLE "project_invoices" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "project_invoices" ALTER COLUMN "status" SET DATA TYPE "public"."project_invoice_status" USING "status"::"public"."project_invoice_status";--> statement-breakpoint
ALTER TABLE "project_invoices" ALTER COLUMN "status" SET DEFAULT 'PENDING'::"public"."project_invoice_status";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "entity_type" SET DATA TYPE "public"."entity_type" USING "entity_type"::"public"."entity_type";--> statement-breakpoint
DROP INDEX "tasks_finished_idx";--> statement-breakpoint
DROP INDEX "tasks_deleted_idx";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "status" SET DATA TYPE "public"."task_status" USING "status"::"public"."task_status";--> statement-breakpoint
CREATE INDEX "tasks_finished_idx" ON "tasks" USING btree ("org_id","approved_at") WHERE status = 'Completed';--> statement-breakpoint
CREATE INDEX "tasks_deleted_idx" ON "tasks" USING btree ("org_id","deletion_date") WHERE status = 'Deleted';--> statement-breakpoint
ALTER TABLE "pending_actions" ADD COLUMN "entity_display_id" text;--> statement-breakpoint
ALTER TABLE "pending_actions" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_actions_request_key" ON "pending_actions" USING btree ("org_id","requested_by","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_actions_one_state_request" ON "pending_actions" USING btree ("org_id","entity_type","entity_id","action_type") WHERE status = 'PENDING' and action_type not in ('CREATE', 'UPDATE');