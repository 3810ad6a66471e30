/**
 * The one search (issue 58, `GET /api/search`): the kinds it finds, its limits, the answer's
 * schema and the app path each hit opens. The paths are the app's screens (src/routing/areas.ts
 * ROUTES) written here once, since the server may not import the app.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableString, text } from './schema-parts';

/** What search finds, in the order the answer groups them. */
export const SEARCH_KINDS = ['company', 'user', 'config', 'agreement', 'project', 'task', 'product', 'post'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** `q` is trimmed, then 1..100 characters (else 422); `limit` is per kind. */
export const SEARCH_LIMITS = { queryMax: 100, limitDefault: 5, limitMax: 20 } as const;

/** One record found. `guid` is null for the one kind without one (a project's task). */
export const searchHit = {
  type: 'object',
  required: ['kind', 'id', 'guid', 'title', 'subtitle', 'path'],
  properties: {
    kind: { type: 'string', enum: SEARCH_KINDS },
    id,
    guid: nullableString,
    title: text,
    /** A company's town, a user's email, a config's, agreement's or project's company, a task's project ... */
    subtitle: nullableString,
    /** The app path of the screen that opens it, for this viewer (`/companies/profile/7`). */
    path: text,
  },
  additionalProperties: false,
} as const;
export type SearchHit = FromSchema<typeof searchHit>;

/** The answer: the query as searched, and the groups that found anything, in SEARCH_KINDS order. */
export const searchAnswer = {
  type: 'object',
  required: ['q', 'groups'],
  properties: {
    q: text,
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'hits'],
        properties: { kind: { type: 'string', enum: SEARCH_KINDS }, hits: { type: 'array', items: searchHit } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type SearchAnswer = FromSchema<typeof searchAnswer>;

/**
 * The app's screens a hit opens (src/routing/areas.ts): the company profile (or, for a dealer
 * without 'view companies', the company dashboard), a user's profile, a config's dashboard, an
 * agreement's preview, a project's summary, a task on its project's task board, a product's edit
 * form (or the product list filtered to it), a showcase's edit form (or the showcase itself).
 */
export const SEARCH_PATHS = {
  companyProfile: (id: number) => `/companies/profile/${id}`,
  companyDashboard: (id: number) => `/dashboard/${id}`,
  userProfile: (id: number) => `/users/profile/${id}`,
  configDashboard: (id: number) => `/configurator/${id}/dashboard`,
  agreement: (id: number) => `/agreements/${id}/preview`,
  projectSummary: (id: number) => `/tracker/${id}/summary`,
  projectTasks: (projectId: number) => `/tracker/${projectId}/profile?tab=tasks`,
  productEdit: (id: number) => `/products/edit/${id}`,
  productList: (id: number) => `/products?filter=${encodeURIComponent(JSON.stringify({ id }))}`,
  showcaseEdit: (id: number) => `/backend/showcases/edit/${id}`,
  showcase: (slug: string) => `/showcases/${encodeURIComponent(slug)}`,
} as const;
