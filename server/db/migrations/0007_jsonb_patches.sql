-- Applies a stage write's patches (immer's, relative to the stage: {op, path, value}) to the
-- stored stage data inside PostgreSQL, so a one-field edit of a big stage (opening hours of 30
-- locations: about 100 KB) sends the database the field, not the whole stage again (issue 7).
-- Only used when the stored row is known to be the patches' base: storeWrite bumps the config's
-- version in the same statement and writes nothing when it moved on. Each op means what it means
-- in immer's applyPatches: replace sets, add inserts into an array (at its end, in immer's own
-- patches) or sets an object's key, remove deletes. Anything else is refused, never guessed.
CREATE OR REPLACE FUNCTION portal_jsonb_patch(target jsonb, patches jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  patch jsonb;
  path text[];
BEGIN
  FOR patch IN SELECT value FROM jsonb_array_elements(patches) LOOP
    path := ARRAY(SELECT jsonb_array_elements_text(patch->'path'));
    IF cardinality(path) = 0 THEN
      RAISE EXCEPTION 'portal_jsonb_patch: a patch of the whole value (%)', patch;
    ELSIF patch->>'op' = 'remove' THEN
      target := target #- path;
    ELSIF patch->>'op' = 'add' AND patch ? 'value' AND jsonb_typeof(target #> path[1:cardinality(path) - 1]) = 'array' THEN
      target := jsonb_insert(target, path, patch->'value');
    ELSIF patch->>'op' IN ('add', 'replace') AND patch ? 'value' THEN
      target := jsonb_set(target, path, patch->'value', true);
    ELSE
      RAISE EXCEPTION 'portal_jsonb_patch: unknown patch %', patch;
    END IF;
  END LOOP;
  RETURN target;
END
$$;
