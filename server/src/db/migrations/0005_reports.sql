CREATE TYPE "public"."report_status" AS ENUM('OPEN', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."report_type" AS ENUM('INVENTORY_REQUEST', 'OPERATIONS_REPORT', 'EXPENSES_INCOME');--> statement-breakpoint
CREATE TABLE "report_recipients" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "report_recipients_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"report_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"report_type" "report_type" NOT NULL,
	"report_data" jsonb NOT NULL,
	"status" "report_status" DEFAULT 'OPEN' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"project_id" uuid,
	"project_name" text,
	"admin_feedback" text,
	"feedback_by" uuid,
	"feedback_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_report_id_reports_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("report_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_submitted_by_users_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_feedback_by_users_user_id_fk" FOREIGN KEY ("feedback_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_recipients_user_idx" ON "report_recipients" USING btree ("org_id","user_id","is_open","report_id");--> statement-breakpoint
CREATE INDEX "reports_org_time_idx" ON "reports" USING btree ("org_id","submitted_at","report_id");--> statement-breakpoint
CREATE INDEX "reports_org_type_time_idx" ON "reports" USING btree ("org_id","report_type","submitted_at","report_id");--> statement-breakpoint
CREATE INDEX "reports_org_status_time_idx" ON "reports" USING btree ("org_id","status","report_type","submitted_at");--> statement-breakpoint
CREATE INDEX "reports_sender_idx" ON "reports" USING btree ("org_id","submitted_by","submitted_at");--> statement-breakpoint
CREATE INDEX "reports_project_idx" ON "reports" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX "reports_project_name_idx" ON "reports" USING btree ("org_id",lower("project_name") text_pattern_ops);