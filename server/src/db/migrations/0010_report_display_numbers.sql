-- Reports get a running number per organisation, shown as 'RPT-0001' (docs/decisions.md, "Reports
-- (inventory requests, operations reports, expenses reports)"). Existing reports are numbered in the
-- order they were sent, and the organisation's 'report' counter continues after the last one.
ALTER TABLE "reports" ADD COLUMN "display_number" integer;--> statement-breakpoint
UPDATE "reports" r SET "display_number" = n.num
FROM (
  SELECT "report_id", row_number() OVER (PARTITION BY "org_id" ORDER BY "submitted_at", "report_id") AS num
  FROM "reports"
) n
WHERE n."report_id" = r."report_id";--> statement-breakpoint
INSERT INTO "org_counters" ("org_id", "name", "value")
SELECT "org_id", 'report', max("display_number") FROM "reports" GROUP BY "org_id"
ON CONFLICT ("org_id", "name") DO UPDATE SET "value" = GREATEST("org_counters"."value", EXCLUDED."value");--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "display_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_display_number_key" ON "reports" USING btree ("org_id","display_number");
