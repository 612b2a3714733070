CREATE TYPE "public"."account_kind" AS ENUM('RECEIVABLE', 'PAYABLE');--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('DRAFT', 'SENT', 'RECEIVED', 'PARTIALLY_PAID', 'PAID', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."gst_type" AS ENUM('INTRASTATE', 'INTERSTATE', 'EXEMPT', 'SEZ');--> statement-breakpoint
CREATE TYPE "public"."payment_mode" AS ENUM('Bank Transfer', 'Cash', 'Cheque', 'UPI', 'Other');--> statement-breakpoint
CREATE TABLE "account_invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"sac_code" text,
	"qty" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"gst_rate" smallint NOT NULL,
	"basic_amount" numeric(14, 2) NOT NULL,
	"gst_amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "account_invoice_lines_rate_check" CHECK (gst_rate in (0, 5, 12, 18, 28))
);
--> statement-breakpoint
CREATE TABLE "account_invoices" (
	"invoice_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" "account_kind" NOT NULL,
	"client_id" uuid,
	"supplier_id" uuid,
	"project_id" uuid,
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"due_date" date,
	"description" text,
	"status" "account_status" DEFAULT 'DRAFT' NOT NULL,
	"gst_type" "gst_type" NOT NULL,
	"is_rcm" boolean DEFAULT false NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"igst_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"round_off" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_due" numeric(14, 2) GENERATED ALWAYS AS (total_amount - amount_paid) STORED NOT NULL,
	"invoice_pdf_s3_key" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "account_invoices_party_check" CHECK ((kind = 'RECEIVABLE' and client_id is not null and supplier_id is null) or (kind = 'PAYABLE' and supplier_id is not null and client_id is null)),
	CONSTRAINT "account_invoices_status_check" CHECK ((kind = 'RECEIVABLE' and status <> 'RECEIVED') or (kind = 'PAYABLE' and status <> 'SENT')),
	CONSTRAINT "account_invoices_paid_check" CHECK (amount_paid >= 0 and amount_paid <= total_amount)
);
--> statement-breakpoint
CREATE TABLE "account_payments" (
	"payment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" "account_kind" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"mode" "payment_mode" NOT NULL,
	"transaction_id" text,
	"notes" text,
	"idempotency_key" text,
	"recorded_by" uuid,
	"updated_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "account_payments_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_branch" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "account_invoice_lines" ADD CONSTRAINT "account_invoice_lines_invoice_id_account_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_invoice_id_account_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_recorded_by_users_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invoice_lines_key" ON "account_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "account_invoices_date_idx" ON "account_invoices" USING btree ("org_id","kind","document_date" DESC NULLS LAST,"invoice_id");--> statement-breakpoint
CREATE INDEX "account_invoices_due_idx" ON "account_invoices" USING btree ("org_id","kind","due_date","invoice_id");--> statement-breakpoint
CREATE INDEX "account_invoices_total_idx" ON "account_invoices" USING btree ("org_id","kind","total_amount","invoice_id");--> statement-breakpoint
CREATE INDEX "account_invoices_status_idx" ON "account_invoices" USING btree ("org_id","kind","status","due_date");--> statement-breakpoint
CREATE INDEX "account_invoices_number_idx" ON "account_invoices" USING btree ("org_id","kind",lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "account_invoices_client_idx" ON "account_invoices" USING btree ("org_id","client_id");--> statement-breakpoint
CREATE INDEX "account_invoices_supplier_idx" ON "account_invoices" USING btree ("org_id","supplier_id");--> statement-breakpoint
CREATE INDEX "account_invoices_project_idx" ON "account_invoices" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX "account_invoices_pdf_idx" ON "account_invoices" USING btree ("invoice_pdf_s3_key") WHERE invoice_pdf_s3_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invoices_receivable_no_key" ON "account_invoices" USING btree ("org_id",lower("number")) WHERE kind = 'RECEIVABLE';--> statement-breakpoint
CREATE UNIQUE INDEX "account_invoices_payable_no_key" ON "account_invoices" USING btree ("org_id","supplier_id",lower("number")) WHERE kind = 'PAYABLE';--> statement-breakpoint
CREATE INDEX "account_payments_invoice_idx" ON "account_payments" USING btree ("invoice_id","payment_date");--> statement-breakpoint
CREATE INDEX "account_payments_date_idx" ON "account_payments" USING btree ("org_id","kind","payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "account_payments_key" ON "account_payments" USING btree ("org_id","idempotency_key") WHERE idempotency_key is not null;