CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "account_invoices_number_trgm" ON "account_invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_name_trgm" ON "assets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_display_id_trgm" ON "assets" USING gin ("asset_display_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_pan_trgm" ON "clients" USING gin ("pan" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collections_name_trgm" ON "collections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collections_description_trgm" ON "collections" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_name_trgm" ON "employees" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_official_id_trgm" ON "employees" USING gin ("employee_official_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_phone_trgm" ON "employees" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_email_trgm" ON "employees" USING gin ("contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_work_order_trgm" ON "projects" USING gin ("work_order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reports_number_trgm" ON "reports" USING gin (('RPT-' || lpad("display_number"::text, 4, '0')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reports_project_name_trgm" ON "reports" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm" ON "suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_gstin_trgm" ON "suppliers" USING gin ("gstin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_pan_trgm" ON "suppliers" USING gin ("pan" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_contacts_trgm" ON "suppliers" USING gin ((jsonb_path_query_array("contacts", '$[*].*')::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_title_trgm" ON "tasks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_details_trgm" ON "tasks" USING gin ("details" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "technical_info_title_trgm" ON "technical_info" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "technical_info_keywords_gin" ON "technical_info" USING gin ("keywords");