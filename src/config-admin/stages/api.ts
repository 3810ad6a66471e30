/**
 * The stage catalogue's calls (server/catalogue/README.md, answers in contract/catalogue.ts): reads
 * are react-query hooks keyed by `stageKeys`, writes are functions that turn a refusal into
 * `CatalogueRefused` (the server's words, its field problems, and whether it was a 409).
 */
import { useQuery } from '@tanstack/react-query';
import type { CatalogueRow, EditableStage, PublishProblem, Published, StageDiff, StageDraft, StageVersion, UpgradeAnswer, UpgradePlanAnswer } from '../../../contract/catalogue';
import { errorText, http, HttpError } from '../../http';
import { localiseServerText } from '../../i18n/serverText';
import type { Labels } from '../fields/model/types';
import type { NewStageAnswer, NewStageBody } from '../../../contract/born-stages';

type Translate = (key: string, params?: Record<string, string>) => string;

export const stageKeys = {
  all: ['stage-catalogue'] as const,
  list: () => [...stageKeys.all, 'list'] as const,
  stage: (slug: string) => [...stageKeys.all, 'stage', slug] as const,
  version: (slug: string, version: number) => [...stageKeys.all, 'version', slug, version] as const,
  diff: (slug: string, from: number, to: number) => [...stageKeys.all, 'diff', slug, from, to] as const,
  upgrade: (slug: string, to: number) => [...stageKeys.all, 'upgrade', slug, to] as const,
};

const base = (slug: string) => `/stage-catalogue/${encodeURIComponent(slug)}`;

/** A refused write: the texts to show, the problems it lists (publish), and whether the draft moved on (409). */
export class CatalogueRefused extends Error {
  constructor(
    readonly messages: string[],
    readonly problems: PublishProblem[],
    readonly status: number,
  ) {
    super(messages.join('\n'));
  }
  get stale() {
    return this.status === 409;
  }
}

async function write<T>(run: () => Promise<T | undefined>, t: Translate): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const problems = ((error.body as { errors?: PublishProblem[] } | null)?.errors ?? []).filter((p) => p && typeof p.detail === 'string');
    throw new CatalogueRefused(errorText(error.status, error.body, t).map((text) => localiseServerText(text, t)), problems, error.status);
  }
}

export const useCatalogue = () => useQuery({ queryKey: stageKeys.list(), queryFn: async () => (await http.get<CatalogueRow[]>('/stage-catalogue', { notify: false })) ?? [] });

export const useEditableStage = (slug: string) =>
  useQuery({ queryKey: stageKeys.stage(slug), queryFn: async () => (await http.get<EditableStage>(base(slug), { notify: false }))!, refetchOnWindowFocus: false });

export const useStageVersion = (slug: string, version: number | null) =>
  useQuery({ queryKey: stageKeys.version(slug, version ?? 0), enabled: version !== null, queryFn: async () => (await http.get<StageVersion>(`${base(slug)}/versions/${version}`, { notify: false }))!, staleTime: Infinity });

export const useStageDiff = (slug: string, from: number, to: number, enabled = true) =>
  useQuery({ queryKey: stageKeys.diff(slug, from, to), enabled, queryFn: async () => (await http.get<StageDiff>(`${base(slug)}/diff?from=${from}&to=${to}`, { notify: false }))!, staleTime: Infinity });

export type SavedDraft = StageDraft & { message: string };

/** PUT .../draft: `revision` is the one loaded (none for a new draft); a 409 when someone saved since. */
export const saveDraft = (slug: string, body: { file: unknown; labels: Labels; revision?: number }, t: Translate) =>
  write<SavedDraft>(() => http.put(`${base(slug)}/draft`, body, { notify: false }), t);

export const discardDraft = (slug: string, revision: number, t: Translate) =>
  write<{ message: string }>(() => http.delete(`${base(slug)}/draft?revision=${revision}`, { notify: false }), t);

export const publishDraft = (slug: string, body: { note: string; revision: number }, t: Translate) =>
  write<Published>(() => http.post(`${base(slug)}/publish`, body, { notify: false }), t);

export const rollbackStage = (slug: string, body: { version: number; note: string }, t: Translate) =>
  write<Published>(() => http.post(`${base(slug)}/rollback`, body, { notify: false }), t);

/** GET .../upgrade?to=N: the dry run of moving configs to version N (nothing is written); read afresh each time the dialog opens (never from the GET cache: dealers change configs meanwhile). */
export const useUpgradePlan = (slug: string, to: number) =>
  useQuery({ queryKey: stageKeys.upgrade(slug, to), queryFn: async () => (await http.get<UpgradePlanAnswer>(`${base(slug)}/upgrade?to=${to}`, { notify: false, cache: false }))!, staleTime: 0, gcTime: 0, refetchOnWindowFocus: false });

/** POST .../upgrade: moves the configs named to `version`; a 422 (none could be moved) lists every reason. */
export const upgradeConfigs = (slug: string, body: { version: number; configs: number[] }, t: Translate) =>
  write<UpgradeAnswer>(() => http.post(`${base(slug)}/upgrade`, body, { notify: false }), t);

/** POST /stage-catalogue: a stage born in the editor (its draft, no fields yet); 409 for a slug a stage has. */
export const createStage = (body: NewStageBody, t: Translate) => write<NewStageAnswer>(() => http.post('/stage-catalogue', body, { notify: false }), t);
