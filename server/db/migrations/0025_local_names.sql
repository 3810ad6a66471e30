-- A data word's text per locale beside its name (issue 54, contract/names.ts): staff give task stages, task types, task templates, internal page layouts (a page's own sit in admin_configs.data.pages), roles and terms their words in other locales where they create them. `name` stays the word as typed; `names` holds e.g. {"fr-FR": "À faire"}, {} when none. Project task groups and tasks are copies and carry none: their answers take the source's while the copy keeps the source's name.
ALTER TABLE "roles" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_stages" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_configs" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;