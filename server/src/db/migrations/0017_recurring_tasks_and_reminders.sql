CREATE TABLE "recurring_occurrences" (
	"series_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"task_id" uuid,
	"late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_series_id_occurrence_date_pk" PRIMARY KEY("series_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_tasks" (
	"series_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category_id" uuid,
	"project_id" uuid,
	"client_id" uuid,
	"assigned_to" uuid[] NOT NULL,
	"cc" uuid[] NOT NULL,
	"rule" text NOT NULL,
	"starts_on" date NOT NULL,
	"deadline_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"catch_up" text DEFAULT 'each' NOT NULL,
	"next_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_reminders" (
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"for_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_task_id_kind_for_date_pk" PRIMARY KEY("task_id","kind","for_date")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_series_id_recurring_tasks_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_tasks"("series_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_task_id_tasks_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("task_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tasks" ADD CONSTRAINT "recurring_tasks_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tasks" ADD CONSTRAINT "recurring_tasks_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_task_id_tasks_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_occurrences_task_idx" ON "recurring_occurrences" USING btree ("task_id") WHERE task_id is not null;--> statement-breakpoint
CREATE INDEX "recurring_tasks_list_idx" ON "recurring_tasks" USING btree ("org_id","created_at","series_id");--> statement-breakpoint
CREATE INDEX "recurring_tasks_due_idx" ON "recurring_tasks" USING btree ("next_due_on") WHERE active;--> statement-breakpoint
CREATE INDEX "tasks_series_idx" ON "tasks" USING btree ("series_id") WHERE series_id is not null;--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline") WHERE status = 'In Progress' and deadline is not null;--> statement-breakpoint
CREATE INDEX "tasks_waiting_idx" ON "tasks" USING btree ("submitted_at") WHERE status = 'Pending Approval';