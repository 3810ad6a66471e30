-- Issue 30: the file an import came from, so history names it ("Imported from <file>").
ALTER TABLE "config_revisions" ADD COLUMN "source" text;
