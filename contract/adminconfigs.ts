/**
 * Configurator admin (issue 30; spec sections 2, 6, 7, 8): the answers of /adminconfigs and of
 * applying an internal page layout to a config, as JSON Schema for the server's serialiser
 * (server/adminconfigs/adminconfigs.schemas.ts), with the types the app reads. The page templates
 * and the bounds are the ones the stage file schemas/stages/internal-pages.json holds.
 * tests/server/adminconfigs/adminconfigs.test.ts checks that the stage offers PAGE_TEMPLATES.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { localNames } from './names';
import { id, nullableString, text } from './schema-parts';

/** The config stage a layout is applied to (schemas/stages/internal-pages.json). */
export const INTERNAL_PAGES_STAGE = 'internal-pages';

/** The kinds of admin config; one table holds them all (today only internal page layouts). */
export const ADMIN_CONFIG_TYPES = ['internal-page-layout'] as const;
export type AdminConfigType = (typeof ADMIN_CONFIG_TYPES)[number];

/** The website page templates a page is built on (the stage file's enum, in its order). */
export const PAGE_TEMPLATES = ['standard', 'about', 'contact', 'careers', 'finance', 'service', 'parts', 'landing'] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** Bounds of a layout, the stage file's own (names 150, pages 50, sections 20 of 80, notes 2000). */
export const LAYOUT_LIMITS = { name: 150, pages: 50, sections: 20, section: 80, notes: 2000 } as const;

/** One page of a config's internal-pages stage (what applying a layout writes there: no `names`). */
export const internalPage = {
  type: 'object',
  required: ['id', 'name', 'template', 'sections', 'notes'],
  properties: {
    id: text,
    name: text,
    template: { type: 'string', enum: [...PAGE_TEMPLATES] },
    sections: { type: 'array', items: text },
    notes: text,
  },
  additionalProperties: false,
} as const;
export type InternalPage = FromSchema<typeof internalPage>;

/** One page of a layout: a stage page with its name's words in other locales (contract/names.ts; `{}` when none). */
export const layoutPage = {
  ...internalPage,
  required: [...internalPage.required, 'names'],
  properties: { ...internalPage.properties, names: localNames },
} as const;
export type LayoutPage = FromSchema<typeof layoutPage>;

/** An internal page layout as every /adminconfigs answer gives it. */
export const internalPageLayout = {
  type: 'object',
  required: ['id', 'guid', 'type', 'name', 'names', 'position', 'archived', 'archived_at', 'pages', 'page_count', 'updated_at'],
  properties: {
    id,
    guid: text,
    type: { type: 'string', enum: [...ADMIN_CONFIG_TYPES] },
    name: text,
    names: localNames,
    /** 1..N among the active layouts; null once archived. */
    position: { type: ['integer', 'null'] },
    archived: { type: 'boolean' },
    archived_at: nullableString,
    pages: { type: 'array', items: layoutPage },
    page_count: id,
    updated_at: text,
    message: text,
  },
  additionalProperties: false,
} as const;
export type InternalPageLayout = FromSchema<typeof internalPageLayout>;

/** POST /adminconfigs/{id}/archive. */
export const archivedAnswer = {
  type: 'object',
  required: ['id', 'name', 'message'],
  properties: { id, name: text, message: text },
  additionalProperties: false,
} as const;
export type ArchivedAnswer = FromSchema<typeof archivedAnswer>;

/** POST /companies/{guid}/configs/{guid}/adminconfigs/internalpagelayout: what the config's internal-pages stage now holds. */
export const layoutApplied = {
  type: 'object',
  required: ['changed', 'config_id', 'version', 'stage', 'layout', 'pages', 'message'],
  properties: {
    /** False when the config already held exactly this layout's pages (no revision written). */
    changed: { type: 'boolean' },
    config_id: id,
    /** The config's version after the apply (unchanged when nothing changed). */
    version: id,
    stage: text,
    layout: { type: 'object', required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false },
    /** The stage's pages: the layout's without their `names` (the stage holds the words as typed). */
    pages: { type: 'array', items: internalPage },
    message: text,
  },
  additionalProperties: false,
} as const;
export type LayoutApplied = FromSchema<typeof layoutApplied>;
