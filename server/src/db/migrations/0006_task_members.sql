CREATE TABLE "task_members" (
	"task_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"username" text NOT NULL,
	"status" "task_status" NOT NULL,
	"listed_at" timestamp with time zone,
	CONSTRAINT "task_members_task_id_username_pk" PRIMARY KEY("task_id","username")
);
--> statement-breakpoint
ALTER TABLE "task_members" ADD CONSTRAINT "task_members_task_id_tasks_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_members_list_idx" ON "task_members" USING btree ("org_id","username","status","listed_at","task_id");--> statement-breakpoint
-- task_members is kept in step with tasks by the database itself, so that no write path (the API, the
-- seeders, a manual fix) can forget it: every statement that inserts or updates tasks rewrites the
-- member rows of the tasks it touched; deleting a task cascades.
CREATE FUNCTION "task_members_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "task_members" m USING "changed" c WHERE m."task_id" = c."task_id";
  END IF;
  INSERT INTO "task_members" ("task_id", "org_id", "username", "status", "listed_at")
  SELECT DISTINCT c."task_id", c."org_id", u."username", c."status",
    CASE c."status" WHEN 'Completed' THEN c."approved_at" WHEN 'Deleted' THEN c."deletion_date" ELSE c."added_date" END
  FROM "changed" c, unnest(c."assignment_chain" || c."cc") AS u("username");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "task_members_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_members_sync"();--> statement-breakpoint
CREATE TRIGGER "task_members_update" AFTER UPDATE ON "tasks" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_members_sync"();--> statement-breakpoint
INSERT INTO "task_members" ("task_id", "org_id", "username", "status", "listed_at")
SELECT DISTINCT t."task_id", t."org_id", u."username", t."status",
  CASE t."status" WHEN 'Completed' THEN t."approved_at" WHEN 'Deleted' THEN t."deletion_date" ELSE t."added_date" END
FROM "tasks" t, unnest(t."assignment_chain" || t."cc") AS u("username");
--> statement-breakpoint
ANALYZE "task_members";
