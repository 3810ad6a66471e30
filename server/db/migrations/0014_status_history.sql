CREATE TABLE "project_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"status" "project_status" NOT NULL,
	"rag" "rag_status" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_status_history_project_idx" ON "project_status_history" USING btree ("project_id","changed_at");--> statement-breakpoint
-- Issue 29: a project's status and RAG over time, for the reports (server/reports/README.md).
-- Written by the database itself, so no write path (create, PUT, recompute, the sweep, seeds, a
-- hand-run UPDATE) can miss a change: a row on every insert, and on every update whose status or
-- RAG differs from the old one. changed_at is the transaction's time (now()).
CREATE OR REPLACE FUNCTION portal_project_status_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status OR NEW.rag IS DISTINCT FROM OLD.rag THEN
    INSERT INTO project_status_history (project_id, status, rag) VALUES (NEW.id, NEW.status, NEW.rag);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_status_history AFTER INSERT OR UPDATE OF status, rag ON projects
FOR EACH ROW EXECUTE FUNCTION portal_project_status_history();--> statement-breakpoint
-- Backfill: the projects of before this migration, each as it stands, from its creation.
INSERT INTO project_status_history (project_id, status, rag, changed_at)
SELECT id, status, rag, created_at FROM projects ORDER BY id;
