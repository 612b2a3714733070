CREATE TABLE "receivable_reminders" (
	"reminder_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"step" text NOT NULL,
	"to_email" text,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_invoices" ADD COLUMN "do_not_remind" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receivable_reminders" ADD CONSTRAINT "receivable_reminders_invoice_id_account_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_reminders" ADD CONSTRAINT "receivable_reminders_sent_by_users_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_reminders_step_key" ON "receivable_reminders" USING btree ("invoice_id","step") WHERE step <> 'manual';--> statement-breakpoint
CREATE INDEX "receivable_reminders_invoice_idx" ON "receivable_reminders" USING btree ("invoice_id","sent_at");