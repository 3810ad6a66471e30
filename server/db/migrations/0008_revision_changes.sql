-- A revision's changes as a history page lists them (big values left out), stored as the revision
-- is written, so a page never reads the patches: a stage's first save holds the whole stage, and
-- made its page twenty times the size of the others (issue 7's history budget on PGlite).
-- Revisions stored before this stay NULL; their page computes the changes from the patches.
ALTER TABLE "config_revisions" ADD COLUMN "changes" jsonb;
