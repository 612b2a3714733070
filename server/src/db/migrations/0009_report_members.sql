CREATE TABLE "report_members" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"report_type" "report_type" NOT NULL,
	"status" "report_status" NOT NULL,
	CONSTRAINT "report_members_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_members" ADD CONSTRAINT "report_members_report_id_reports_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("report_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_members_list_idx" ON "report_members" USING btree ("org_id","user_id","submitted_at","report_id","report_type","status");--> statement-breakpoint
-- report_members is kept in step with reports and report_recipients by the database itself, so that no
-- write path (the API, the seeders, a manual fix) can forget it. A new report adds its sender's row (its
-- recipients cannot exist yet: they refer to it); new recipients add theirs. Any other statement on
-- either table derives the member rows (the sender and each recipient, once) of the reports it touched
-- again from both tables. Deleting a report cascades.
CREATE FUNCTION "report_members_add_senders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_members" ("report_id", "user_id", "org_id", "submitted_at", "report_type", "status")
  SELECT c."report_id", c."submitted_by", c."org_id", c."submitted_at", c."report_type", c."status"
  FROM "changed" c WHERE c."submitted_by" IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_members_add_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_members" ("report_id", "user_id", "org_id", "submitted_at", "report_type", "status")
  SELECT r."report_id", c."user_id", r."org_id", r."submitted_at", r."report_type", r."status"
  FROM "changed" c JOIN "reports" r ON r."report_id" = c."report_id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_members_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_members" m USING "changed" c WHERE m."report_id" = c."report_id";
  INSERT INTO "report_members" ("report_id", "user_id", "org_id", "submitted_at", "report_type", "status")
  SELECT r."report_id", p."user_id", r."org_id", r."submitted_at", r."report_type", r."status"
  FROM "reports" r
  JOIN (SELECT DISTINCT "report_id" FROM "changed") c ON c."report_id" = r."report_id"
  CROSS JOIN LATERAL (
    SELECT r."submitted_by" UNION SELECT rr."user_id" FROM "report_recipients" rr WHERE rr."report_id" = r."report_id"
  ) p("user_id")
  WHERE p."user_id" IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_members_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_add_senders"();--> statement-breakpoint
CREATE TRIGGER "report_members_update" AFTER UPDATE ON "reports" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_sync"();--> statement-breakpoint
CREATE TRIGGER "report_members_recipients_insert" AFTER INSERT ON "report_recipients"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "report_members_add_recipients"();--> statement-breakpoint
CREATE TRIGGER "report_members_recipients_delete" AFTER DELETE ON "report_recipients"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "report_members_sync"();--> statement-breakpoint
-- An update of a recipient row derives both the report it left and the one it is on now.
CREATE TRIGGER "report_members_recipients_update_new" AFTER UPDATE ON "report_recipients"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "report_members_sync"();--> statement-breakpoint
CREATE TRIGGER "report_members_recipients_update_old" AFTER UPDATE ON "report_recipients"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "report_members_sync"();--> statement-breakpoint
INSERT INTO "report_members" ("report_id", "user_id", "org_id", "submitted_at", "report_type", "status")
SELECT r."report_id", p."user_id", r."org_id", r."submitted_at", r."report_type", r."status"
FROM "reports" r
CROSS JOIN LATERAL (
  SELECT r."submitted_by" UNION SELECT rr."user_id" FROM "report_recipients" rr WHERE rr."report_id" = r."report_id"
) p("user_id")
WHERE p."user_id" IS NOT NULL;
--> statement-breakpoint
ANALYZE "report_members";
