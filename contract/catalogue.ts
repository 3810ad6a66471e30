/**
 * The stage catalogue staff edit at run time (issue 31, server/catalogue/README.md): published
 * versions of each configurator stage, one shared draft per stage, and the answers of its API.
 * Version 1 of every stage is its file in schemas/stages/.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableId, nullableString, text } from './schema-parts';

/** Bounds of what a draft may hold (the file's own limits are engine/stages/publish-checks.ts's). */
export const CATALOGUE_LIMITS = { note: 500, labelKey: 200, labelText: 2000, labelsPerLocale: 500 } as const;

const person = { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: nullableString }, additionalProperties: false } as const;

/** Texts a version brings, per locale: i18n key of the configurator namespace -> text. */
export const stageLabels = { type: 'object', additionalProperties: { type: 'object', additionalProperties: text } } as const;

/** A problem that stops a publish: what is wrong, and where in the file (a JSON pointer). */
export const publishProblem = { type: 'object', required: ['detail'], properties: { detail: text, field: text }, additionalProperties: false } as const;

/** A text the file uses that a locale has neither in the portal's texts nor in the draft's labels. */
export const missingTranslation = { type: 'object', required: ['locale', 'key'], properties: { locale: text, key: text }, additionalProperties: false } as const;

/** One published version, without its file (the list of a stage's versions). */
export const stageVersionSummary = {
  type: 'object',
  required: ['version', 'note', 'published_by', 'published_at', 'rolled_back_to', 'hash', 'configs'],
  properties: {
    version: id,
    note: text,
    published_by: person,
    /** null for version 1, the file shipped with the portal. */
    published_at: nullableString,
    rolled_back_to: nullableId,
    hash: text,
    /** How many configs are pinned to this version. */
    configs: id,
  },
  additionalProperties: false,
} as const;

/** A message as a test case names it: its pointer and i18n key (never its words: they are translated). */
const testMessage = { type: 'object', required: ['path', 'key'], properties: { path: text, key: text }, additionalProperties: false } as const;

/**
 * One test case of the draft's run (issue 56): the draft's own cases and every other stage's, run
 * with the draft in place as its publish would run them. A failing case says what differed:
 * `messages` (the messages expected and those the engine gave; `valid`: errors where none were
 * expected), `after` (the pointers of a stage's data after the cascade that differ), `doc` (the
 * case's data of another stage no longer fits it: its messages), `error` (the case could not run).
 */
export const draftTestResult = {
  type: 'object',
  required: ['stage', 'id', 'name', 'passed', 'differences'],
  properties: {
    /** The stage whose file holds the case (the draft's own slug, or another stage's). */
    stage: text,
    id: text,
    name: text,
    passed: { type: 'boolean' },
    differences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind'],
        properties: {
          kind: { type: 'string', enum: ['valid', 'messages', 'after', 'doc', 'error'] },
          expected: { type: 'array', items: testMessage },
          got: { type: 'array', items: testMessage },
          /** after, doc: the stage whose data differs or no longer fits. */
          stage: text,
          /** after: JSON pointers in that stage's data (at most 20). */
          paths: { type: 'array', items: text },
          error: text,
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

/** The test cases' results of a file, or null when they were not run (the file has problems: its cases cannot run safely). */
const testResults = { anyOf: [{ type: 'null' }, { type: 'array', items: draftTestResult }] } as const;

/** The shared draft of a stage, with what would stop its publish and the texts it lacks. */
export const stageDraft = {
  type: 'object',
  required: ['file', 'labels', 'base_version', 'revision', 'updated_by', 'updated_at', 'problems', 'missing_translations'],
  properties: {
    file: {},
    labels: stageLabels,
    base_version: id,
    /** Moves on every save: a save or publish naming an older one is a 409. */
    revision: id,
    updated_by: person,
    updated_at: text,
    problems: { type: 'array', items: publishProblem },
    missing_translations: { type: 'array', items: missingTranslation },
    /**
     * A draft without problems: its validators' module (under the API) and the key they are
     * registered under, for the editor's live preview (null while it has problems).
     */
    validator: nullableString,
    validator_key: nullableString,
    /** The test cases run with the draft in place (issue 56); null while the draft has problems. */
    test_results: testResults,
  },
  additionalProperties: false,
} as const;

/** GET /stage-catalogue: one row per stage. */
export const catalogueRow = {
  type: 'object',
  required: ['slug', 'title', 'audience', 'version', 'versions', 'configs', 'draft'],
  properties: {
    slug: text,
    /** An i18n key of the configurator namespace. */
    title: text,
    audience: text,
    /** The current (newest) version. */
    version: id,
    versions: { type: 'array', items: { type: 'object', required: ['version', 'configs'], properties: { version: id, configs: id }, additionalProperties: false } },
    /** Configs that have the stage. */
    configs: id,
    draft: { type: ['object', 'null'], required: ['revision', 'updated_by', 'updated_at'], properties: { revision: id, updated_by: person, updated_at: text }, additionalProperties: false },
    /**
     * A stage born in the editor (issue 56; server/catalogue/README.md "Born stages"): true, with its
     * section, place and texts (the app has no file of it). Version 0: not published yet.
     */
    born: { type: 'boolean' },
    section: text,
    order: id,
    labels: stageLabels,
  },
  additionalProperties: false,
} as const;

/** GET /stage-catalogue/{slug}: the current version's file, every version, the draft. */
export const editableStage = {
  type: 'object',
  required: ['slug', 'title', 'version', 'file', 'labels', 'versions', 'draft'],
  properties: {
    slug: text,
    title: text,
    version: id,
    file: {},
    labels: stageLabels,
    versions: { type: 'array', items: stageVersionSummary },
    draft: { anyOf: [{ type: 'null' }, stageDraft] },
  },
  additionalProperties: false,
} as const;

/** GET /stage-catalogue/{slug}/versions/{version}: one version whole. */
export const stageVersion = {
  type: 'object',
  required: [...stageVersionSummary.required, 'slug', 'file', 'labels'],
  properties: { ...stageVersionSummary.properties, slug: text, file: {}, labels: stageLabels },
  additionalProperties: false,
} as const;

/** POST .../publish and .../rollback: the version made, with the message. */
export const published = {
  type: 'object',
  required: ['slug', 'version', 'hash', 'message'],
  properties: {
    slug: text, version: id, hash: text, message: text,
    /** Where browsers load the version's validators (under the API): compiled as it was published. */
    validator: text,
  },
  additionalProperties: false,
} as const;

/** GET /stage-catalogue/{slug}/diff?from&to: what changed from one version to another. */
export const stageDiff = {
  type: 'object',
  required: ['slug', 'from', 'to', 'changes'],
  properties: {
    slug: text,
    from: id,
    to: id,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op', 'path'],
        properties: { op: { type: 'string', enum: ['add', 'remove', 'change'] }, path: text, old: {}, new: {} },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export type StageLabelsAnswer = FromSchema<typeof stageLabels>;
export type PublishProblem = FromSchema<typeof publishProblem>;
export type MissingTranslation = FromSchema<typeof missingTranslation>;
export type StageVersionSummary = FromSchema<typeof stageVersionSummary>;
export type StageDraft = FromSchema<typeof stageDraft>;
export type CatalogueRow = FromSchema<typeof catalogueRow>;
export type EditableStage = FromSchema<typeof editableStage>;
export type StageVersion = FromSchema<typeof stageVersion>;
export type Published = FromSchema<typeof published>;
export type StageDiff = FromSchema<typeof stageDiff>;

/** GET /stage-versions/{slug}/{version}: a published version as the configurator needs it. */
export const pinnedVersion = {
  type: 'object',
  required: ['slug', 'version', 'key', 'file', 'labels', 'validator'],
  properties: {
    slug: text,
    version: id,
    /** The engine's key of the version (its validators' ids: `stage:<key>`); the browser's definition takes it. */
    key: text,
    file: {},
    labels: stageLabels,
    /** The validator module's address under the API (`/stage-validators/<hash>.js`). */
    validator: text,
  },
  additionalProperties: false,
} as const;

const fieldProblem = { type: 'object', required: ['detail'], properties: { detail: text, field: text }, additionalProperties: false } as const;

/** One stage test case's result (engine/stages/test-cases.ts): what differed, by message keys, pointers and data. */
export const testCaseResult = {
  type: 'object',
  required: ['stage', 'id', 'name', 'passed', 'problems'],
  properties: {
    stage: text, id: text, name: text, passed: { type: 'boolean' },
    problems: {
      type: 'array',
      items: { type: 'object', required: ['kind', 'expected', 'actual'], properties: { kind: { type: 'string', enum: ['valid', 'messages', 'after', 'doc'] }, expected: {}, actual: {} }, additionalProperties: false },
    },
  },
  additionalProperties: false,
} as const;

const pointerLists = { type: 'object', additionalProperties: { type: 'array', items: text } } as const;

/** GET /stage-catalogue/{slug}/upgrade?to=N: the dry run, per config on another version. */
export const upgradePlan = {
  type: 'object',
  required: ['slug', 'to', 'new_fields', 'removed_fields', 'configs'],
  properties: {
    slug: text,
    to: id,
    /** By the version configs are on: fields the target adds (JSON pointers; `*` for every item of a list). */
    new_fields: pointerLists,
    /** By the version configs are on: fields the target no longer has. */
    removed_fields: pointerLists,
    configs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'guid', 'name', 'company', 'from', 'state', 'outcome', 'errors'],
        properties: {
          id, guid: text, name: text,
          company: { type: 'object', required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false },
          from: id,
          state: text,
          /** fits: upgraded as it is; needs_input: the stage returns to the dealer as a draft for new required values; invalid: not upgraded. */
          outcome: { type: 'string', enum: ['fits', 'needs_input', 'invalid'] },
          errors: { type: 'array', items: fieldProblem },
        },
        additionalProperties: false,
      },
    },
    /** The test cases of the planned version and of every other stage, run with it in place (as its publish did); the server always sends it. */
    tests: { type: 'array', items: testCaseResult },
  },
  additionalProperties: false,
} as const;

/** POST /stage-catalogue/{slug}/upgrade: the configs moved, and those refused with the reasons. */
export const upgradeAnswer = {
  type: 'object',
  required: ['slug', 'version', 'upgraded', 'refused', 'message'],
  properties: {
    slug: text,
    version: id,
    upgraded: { type: 'array', items: id },
    refused: { type: 'array', items: { type: 'object', required: ['id', 'errors'], properties: { id, errors: { type: 'array', items: fieldProblem } }, additionalProperties: false } },
    message: text,
  },
  additionalProperties: false,
} as const;

export type PinnedVersion = FromSchema<typeof pinnedVersion>;
export type UpgradePlanAnswer = FromSchema<typeof upgradePlan>;
export type UpgradeAnswer = FromSchema<typeof upgradeAnswer>;

/** POST /stage-catalogue/{slug}/check: a file's problems and missing texts, nothing saved. */
export const checkAnswer = {
  type: 'object',
  required: ['problems', 'missing_translations'],
  properties: {
    problems: { type: 'array', items: publishProblem },
    missing_translations: { type: 'array', items: missingTranslation },
    /** The test cases run with the file in place, as for the draft's answer; null while it has problems. */
    test_results: testResults,
  },
  additionalProperties: false,
} as const;
export type DraftTestResult = FromSchema<typeof draftTestResult>;
export type CheckAnswer = FromSchema<typeof checkAnswer>;
