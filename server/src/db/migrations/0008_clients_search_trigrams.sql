-- Trigram operators for the clients search indexes; PGlite loads the extension in db/embedded-worker.mjs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_gstin_trgm" ON "clients" USING gin ("gstin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_contacts_trgm" ON "clients" USING gin ((jsonb_path_query_array("contacts", '$[*].*')::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_number_trgm" ON "clients" USING gin (('CL-' || lpad("display_number"::text, 4, '0')) gin_trgm_ops);