CREATE TYPE "public"."asset_status" AS ENUM('In Stock', 'In Use', 'Under Maintenance', 'Retired');--> statement-breakpoint
CREATE TYPE "public"."asset_assignment_type" AS ENUM('PROJECT', 'EMPLOYEE', 'OFFICE');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('Male', 'Female', 'Other', 'Prefer not to say');--> statement-breakpoint
CREATE TYPE "public"."marital_status" AS ENUM('Single', 'Married', 'Divorced', 'Widowed');--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	CONSTRAINT "announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"announcement_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_public" boolean NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"asset_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_display_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"status" "asset_status" DEFAULT 'In Stock' NOT NULL,
	"purchase_date" date,
	"purchase_cost" numeric(14, 2),
	"seller_details" jsonb,
	"warranty_expires_on" date,
	"warranty_details" text,
	"assigned_to_type" "asset_assignment_type",
	"assigned_to_id" uuid,
	"assignment_date" date,
	"next_maintenance_due" date,
	"notes" text,
	"maintenance_reminded_for" date,
	"warranty_reminded_for" date,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"collection_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"employee_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"employee_official_id" text NOT NULL,
	"designation" text,
	"department" text,
	"joining_date" date,
	"contact_phone" text,
	"contact_email" text,
	"personal_phone_no" text,
	"current_address" text,
	"permanent_address" text,
	"gender" "gender",
	"blood_group" text,
	"qualification" text,
	"father_name" text,
	"mother_name" text,
	"marital_status" "marital_status",
	"spouse_name" text,
	"aadhar_no" text,
	"pan_no" text,
	"uan_no" text,
	"bank_account_no" text,
	"bank_ifsc_code" text,
	"bank_name" text,
	"bank_branch_name" text,
	"previous_employee_id" text,
	"previous_company_name" text,
	"previous_company_contact_no" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"linked_user_id" uuid,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_info" (
	"technical_info_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"when_to_use" text,
	"prerequisites" text,
	"description" text,
	"formula" text,
	"steps" text,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("announcement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_linked_user_id_users_user_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_info" ADD CONSTRAINT "technical_info_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_info" ADD CONSTRAINT "technical_info_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("org_id","user_id","announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_feed_idx" ON "announcements" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_display_id_key" ON "assets" USING btree ("org_id",lower("asset_display_id"));--> statement-breakpoint
CREATE INDEX "assets_name_idx" ON "assets" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "assets_purchase_idx" ON "assets" USING btree ("org_id","purchase_date");--> statement-breakpoint
CREATE INDEX "assets_maintenance_idx" ON "assets" USING btree ("org_id","next_maintenance_due");--> statement-breakpoint
CREATE INDEX "assets_warranty_idx" ON "assets" USING btree ("org_id","warranty_expires_on");--> statement-breakpoint
CREATE INDEX "assets_updated_idx" ON "assets" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "assets_assigned_idx" ON "assets" USING btree ("org_id","assigned_to_type","assigned_to_id");--> statement-breakpoint
CREATE INDEX "collections_name_idx" ON "collections" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "collections_updated_idx" ON "collections" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_official_id_key" ON "employees" USING btree ("org_id",lower("employee_official_id"));--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("org_id","is_active",lower("full_name"));--> statement-breakpoint
CREATE INDEX "employees_department_idx" ON "employees" USING btree ("org_id","is_active",lower("department"));--> statement-breakpoint
CREATE INDEX "employees_joining_idx" ON "employees" USING btree ("org_id","is_active","joining_date");--> statement-breakpoint
CREATE INDEX "employees_updated_idx" ON "employees" USING btree ("org_id","is_active","updated_at");--> statement-breakpoint
CREATE INDEX "technical_info_title_idx" ON "technical_info" USING btree ("org_id",lower("title"));--> statement-breakpoint
CREATE INDEX "technical_info_updated_idx" ON "technical_info" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "technical_info_created_idx" ON "technical_info" USING btree ("org_id","created_at");