-- Issue 58, one search (server/search/README.md): one row per searchable record in
-- `search_entries`, written by triggers on the source tables, so every write (a route, a seed, an
-- import, a hand-run UPDATE) is searchable in the same transaction, and a rolled-back write never
-- is. The rows hold only what matching and ranking need: the viewer's permissions and tenancy are
-- applied at query time (server/search/search.service.ts), against the source rows.
-- unaccent ships with PostgreSQL (a trusted extension since 13) and with PGlite (loaded in
-- server/db/database.ts next to pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Text as search compares it: accents off ("Škoda" is "skoda"), lower case, runs of space as one.
-- unaccent() is only STABLE (it reads a dictionary that could change); the dictionary named
-- explicitly, schema-qualified, makes the wrapper safe to declare IMMUTABLE.
CREATE OR REPLACE FUNCTION portal_search_norm(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(value, ''))), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
CREATE TABLE "search_entries" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	-- The company the record belongs to (tenancy); null for users (many companies), products, posts.
	"company_id" integer,
	-- A task's project (the task opens on its project's screen).
	"parent_id" integer,
	-- Shown in lists without a filter: a config, agreement or project not archived, a post published.
	"live" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	-- The title normalised (exact and prefix ranking), and every searched word normalised.
	"name_norm" text NOT NULL,
	"terms" text NOT NULL,
	"tsv" tsvector NOT NULL,
	CONSTRAINT "search_entries_pk" PRIMARY KEY ("kind", "record_id"),
	CONSTRAINT "search_entries_kind" CHECK ("kind" IN ('company', 'user', 'config', 'agreement', 'project', 'task', 'product', 'post'))
);--> statement-breakpoint
CREATE INDEX "search_entries_terms_trgm_idx" ON "search_entries" USING gin ("terms" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_entries_tsv_idx" ON "search_entries" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_entries_company_idx" ON "search_entries" ("company_id", "kind");--> statement-breakpoint
-- One entry written (or replaced): every trigger ends here.
CREATE OR REPLACE FUNCTION portal_search_put(p_kind text, p_id integer, p_company integer, p_parent integer, p_live boolean, p_title text, p_extra text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  words text := portal_search_norm(coalesce(p_title, '') || ' ' || coalesce(p_extra, ''));
BEGIN
  INSERT INTO search_entries (kind, record_id, company_id, parent_id, live, title, name_norm, terms, tsv)
  VALUES (p_kind, p_id, p_company, p_parent, p_live, coalesce(p_title, ''), portal_search_norm(p_title), words, to_tsvector('simple', words))
  ON CONFLICT (kind, record_id) DO UPDATE SET company_id = excluded.company_id, parent_id = excluded.parent_id, live = excluded.live,
    title = excluded.title, name_norm = excluded.name_norm, terms = excluded.terms, tsv = excluded.tsv;
END
$$;--> statement-breakpoint
-- Companies: name, registration number, postcode (address line 2, as the forms and the seed fill
-- it, registered address too) and town (address line 3).
CREATE OR REPLACE FUNCTION portal_search_company() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'company' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('company', NEW.id, NEW.id, NULL, true, NEW.name,
    concat_ws(' ', NEW.reg_number, NEW.address_line2, NEW.address_line3, NEW.reg_address_line2, NEW.reg_address_line3));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_search AFTER INSERT OR DELETE OR UPDATE OF name, reg_number, address_line2, address_line3, reg_address_line2, reg_address_line3 ON companies
FOR EACH ROW EXECUTE FUNCTION portal_search_company();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'user' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('user', NEW.id, NULL, NULL, true, NEW.name, NEW.email);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search AFTER INSERT OR DELETE OR UPDATE OF name, email ON users
FOR EACH ROW EXECUTE FUNCTION portal_search_user();--> statement-breakpoint
-- A config's searched words beyond its name: the dealer's locations (name, postcode) and
-- franchises (name) from its stage data (config_meta stage_data_locations, stage_data_franchises:
-- schemas/stages/locations.json and franchises.json).
CREATE OR REPLACE FUNCTION portal_search_config_words(p_config integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(w, ' '), '') FROM (
    SELECT concat_ws(' ', l->>'name', l->>'postcode') AS w
      FROM config_meta m, jsonb_array_elements(CASE WHEN jsonb_typeof(m.meta_value->'locations') = 'array' THEN m.meta_value->'locations' ELSE '[]'::jsonb END) l
      WHERE m.config_id = p_config AND m.meta_key = 'stage_data_locations' AND jsonb_typeof(l) = 'object'
    UNION ALL
    SELECT f->>'name'
      FROM config_meta m, jsonb_array_elements(CASE WHEN jsonb_typeof(m.meta_value->'franchises') = 'array' THEN m.meta_value->'franchises' ELSE '[]'::jsonb END) f
      WHERE m.config_id = p_config AND m.meta_key = 'stage_data_franchises' AND jsonb_typeof(f) = 'object'
  ) words
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_config() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'config' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('config', NEW.id, NEW.company_id, NULL, NEW.status <> 'archived', NEW.name, portal_search_config_words(NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Not on every stage write: a write bumps version and progress, which search does not read.
CREATE TRIGGER configs_search AFTER INSERT OR DELETE OR UPDATE OF name, status, company_id ON configs
FOR EACH ROW EXECUTE FUNCTION portal_search_config();--> statement-breakpoint
-- A write of the locations or franchises stage: the config's words again. Other stages (most
-- writes) do not call the function at all (the trigger's WHEN is checked by the executor).
CREATE OR REPLACE FUNCTION portal_search_config_meta() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.config_id ELSE NEW.config_id END;
BEGIN
  UPDATE search_entries SET terms = portal_search_norm(title || ' ' || portal_search_config_words(cid)),
    tsv = to_tsvector('simple', portal_search_norm(title || ' ' || portal_search_config_words(cid)))
  WHERE kind = 'config' AND record_id = cid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER config_meta_search_write AFTER INSERT OR UPDATE ON config_meta
FOR EACH ROW WHEN (NEW.meta_key IN ('stage_data_locations', 'stage_data_franchises')) EXECUTE FUNCTION portal_search_config_meta();--> statement-breakpoint
CREATE TRIGGER config_meta_search_delete AFTER DELETE ON config_meta
FOR EACH ROW WHEN (OLD.meta_key IN ('stage_data_locations', 'stage_data_franchises')) EXECUTE FUNCTION portal_search_config_meta();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_agreement() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'agreement' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('agreement', NEW.id, NEW.company_id, NULL, NEW.archived_at IS NULL, NEW.name, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER agreements_search AFTER INSERT OR DELETE OR UPDATE OF name, archived_at, company_id ON agreements
FOR EACH ROW EXECUTE FUNCTION portal_search_agreement();--> statement-breakpoint
-- Projects; their tasks follow the project's company and archiving.
CREATE OR REPLACE FUNCTION portal_search_project() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'project' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('project', NEW.id, NEW.company_id, NULL, NEW.status <> 'archived', NEW.name, NULL);
  IF TG_OP = 'UPDATE' AND (NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.status IS DISTINCT FROM OLD.status) THEN
    UPDATE search_entries SET company_id = NEW.company_id, live = NEW.status <> 'archived' WHERE kind = 'task' AND parent_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_search AFTER INSERT OR DELETE OR UPDATE OF name, status, company_id ON projects
FOR EACH ROW EXECUTE FUNCTION portal_search_project();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_task() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'task' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  SELECT company_id, status INTO p FROM projects WHERE id = NEW.project_id;
  PERFORM portal_search_put('task', NEW.id, p.company_id, NEW.project_id, p.status IS DISTINCT FROM 'archived', NEW.name, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Not on a move (stage, position) or completion: only what search reads.
CREATE TRIGGER project_tasks_search AFTER INSERT OR DELETE OR UPDATE OF name, project_id ON project_tasks
FOR EACH ROW EXECUTE FUNCTION portal_search_task();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_product() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'product' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('product', NEW.id, NULL, NULL, true, NEW.name, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search AFTER INSERT OR DELETE OR UPDATE OF name ON products
FOR EACH ROW EXECUTE FUNCTION portal_search_product();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_search_post() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = 'post' AND record_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM portal_search_put('post', NEW.id, NULL, NULL, NEW.post_status = 'published', NEW.post_title, NEW.website_address);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_search AFTER INSERT OR DELETE OR UPDATE OF post_title, post_status, website_address ON posts
FOR EACH ROW EXECUTE FUNCTION portal_search_post();--> statement-breakpoint
-- Backfill: the records of before this migration.
SELECT portal_search_put('company', id, id, NULL, true, name, concat_ws(' ', reg_number, address_line2, address_line3, reg_address_line2, reg_address_line3)) FROM companies;--> statement-breakpoint
SELECT portal_search_put('user', id, NULL, NULL, true, name, email) FROM users;--> statement-breakpoint
SELECT portal_search_put('config', id, company_id, NULL, status <> 'archived', name, portal_search_config_words(id)) FROM configs;--> statement-breakpoint
SELECT portal_search_put('agreement', id, company_id, NULL, archived_at IS NULL, name, NULL) FROM agreements;--> statement-breakpoint
SELECT portal_search_put('project', id, company_id, NULL, status <> 'archived', name, NULL) FROM projects;--> statement-breakpoint
SELECT portal_search_put('task', t.id, p.company_id, t.project_id, p.status <> 'archived', t.name, NULL) FROM project_tasks t JOIN projects p ON p.id = t.project_id;--> statement-breakpoint
SELECT portal_search_put('product', id, NULL, NULL, true, name, NULL) FROM products;--> statement-breakpoint
SELECT portal_search_put('post', id, NULL, NULL, post_status = 'published', post_title, website_address) FROM posts;
