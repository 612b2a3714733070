CREATE TABLE "suppliers" (
	"supplier_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product_category" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text,
	"gstin" text,
	"pan" text,
	"bank_details" jsonb,
	"address" text,
	"notes" text,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "suppliers_category_idx" ON "suppliers" USING btree ("org_id",lower("product_category"));--> statement-breakpoint
CREATE INDEX "suppliers_updated_idx" ON "suppliers" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("org_id","created_at");