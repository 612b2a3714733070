-- Who can open Accounts (an organisation setting): organisations that existed before it keep the rule they
-- had (admins and accountants); new ones get the spec's 'everyone'. A cancelled document owes nothing.
ALTER TABLE "organisations" ADD COLUMN "accounts_access" text DEFAULT 'EVERYONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_accounts_access_check" CHECK ("organisations"."accounts_access" in ('EVERYONE', 'ADMINS_AND_ACCOUNTANTS'));--> statement-breakpoint
UPDATE "organisations" SET "accounts_access" = 'ADMINS_AND_ACCOUNTANTS';--> statement-breakpoint
ALTER TABLE "account_invoices" DROP COLUMN "amount_due";--> statement-breakpoint
ALTER TABLE "account_invoices" ADD COLUMN "amount_due" numeric(14, 2) GENERATED ALWAYS AS (case when status = 'CANCELLED' then 0 else total_amount - amount_paid end) STORED NOT NULL;
