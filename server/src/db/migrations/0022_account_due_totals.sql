CREATE TABLE "account_due_totals" (
	"org_id" uuid NOT NULL,
	"kind" "account_kind" NOT NULL,
	"due_date" date,
	"documents" integer DEFAULT 0 NOT NULL,
	"amount_due" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_due_totals_key" UNIQUE NULLS NOT DISTINCT("org_id","kind","due_date")
);
--> statement-breakpoint
-- account_due_totals is kept by the database itself, so that no write path (the API, the import, the
-- seeders, a manual fix) can forget it. Each statement on account_invoices adds what its new rows owe
-- and takes away what its old rows owed, grouped by organisation, kind and due date, in one upsert; an
-- update whose rows owe what they owed before (a PDF key, a reminder flag) writes nothing. Keys are
-- upserted in order, so two statements touching the same dates wait for each other, never deadlock.
CREATE FUNCTION "account_due_totals_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owed constant text := ' WHERE "status" IN (''SENT'', ''RECEIVED'', ''PARTIALLY_PAID'') AND "amount_due" > 0';
  added constant text := 'SELECT "org_id", "kind", "due_date", 1 AS "documents", "amount_due" FROM "added"' || owed;
  removed constant text := 'SELECT "org_id", "kind", "due_date", -1 AS "documents", -"amount_due" AS "amount_due" FROM "removed"' || owed;
BEGIN
  -- Dynamic, since a statement may only name the transition tables its trigger declares.
  EXECUTE 'INSERT INTO "account_due_totals" AS t ("org_id", "kind", "due_date", "documents", "amount_due")
    SELECT d."org_id", d."kind", d."due_date", sum(d."documents"), sum(d."amount_due") FROM ('
    || CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END
    || ') d GROUP BY 1, 2, 3
    HAVING sum(d."documents") <> 0 OR sum(d."amount_due") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("org_id", "kind", "due_date") DO UPDATE
    SET "documents" = t."documents" + excluded."documents", "amount_due" = t."amount_due" + excluded."amount_due"';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_due_totals_insert" AFTER INSERT ON "account_invoices"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "account_due_totals_sync"();--> statement-breakpoint
CREATE TRIGGER "account_due_totals_update" AFTER UPDATE ON "account_invoices"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "account_due_totals_sync"();--> statement-breakpoint
CREATE TRIGGER "account_due_totals_delete" AFTER DELETE ON "account_invoices"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "account_due_totals_sync"();--> statement-breakpoint
INSERT INTO "account_due_totals" ("org_id", "kind", "due_date", "documents", "amount_due")
SELECT "org_id", "kind", "due_date", count(*), sum("amount_due") FROM "account_invoices"
WHERE "status" IN ('SENT', 'RECEIVED', 'PARTIALLY_PAID') AND "amount_due" > 0
GROUP BY 1, 2, 3;
