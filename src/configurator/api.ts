import { diffStage } from '../../engine';
import type { CatalogueStage } from '../data/stageCatalogue';
import { http } from '../http';
import type {
  ConfigContact as ContractContact, ConfigDetail as ContractDetail, ConfigStage as ContractStage, ConfigSummary as ContractSummary,
  ConfigWriteAnswer, HistoryPage, MailAnswer, Revision, RevisionChange,
} from '../../contract/configs';

// The answers' types come from the schemas the server serialises them with (contract/configs.ts);
// the names below are this module's, kept so its callers read as before.

/** A person the dealer can contact about the config (project or account manager). */
export type ConfigContact = NonNullable<ContractContact>;
/** One row of GET /api/configs. */
export type ConfigSummary = ContractSummary;
/** A stage of a config as the server describes it (title and group are i18n keys): a catalogue stage with this config's state. */
export type ConfigStage = ContractStage;
/** GET /api/configs/{id}; `internal_data` (per stage) only for users with 'manage configs'. */
export type ConfigDetail = Omit<ContractDetail, 'data' | 'internal_data'> & {
  data: Record<string, unknown>;
  internal_data?: Record<string, Record<string, unknown>>;
};
/** PUT answer: the detail plus what changed (`stored_as_sent`: the written stage is left out of `data`). */
export type WriteResponse = Omit<ConfigWriteAnswer, 'data' | 'internal_data'> & Pick<ConfigDetail, 'data' | 'internal_data'>;

/** One config with stages, data of every stage, progress and version (never from the cache). */
export async function getConfig(id: string, signal?: AbortSignal): Promise<ConfigDetail | undefined> {
  return http.get<ConfigDetail>(`/configs/${encodeURIComponent(id)}`, { cache: false, signal });
}

/**
 * Writes one stage; errors are not growled here (the caller handles 409 and 422). `known` is the
 * config as this client holds it at `body.version`: the server answers with only the stages the
 * write changed (`?data=changed`), without the written stage when it stored exactly what was sent
 * (`&echo=false`: an autosave of a big stage does not bring its 150 KB back to be parsed), and they
 * are laid over `known`, which is exact because nothing else can have come between (a write from
 * an older version is a 409). The answer is the whole config, as the server would have sent it.
 * For the same reason the stage itself can go as its changes from `known` (patches).
 */
export async function writeStage(
  known: ConfigDetail,
  body: { slug: string; data: unknown; state: 'draft' | 'submitted' | 'completed'; version: number; action?: 'save' | 'reset'; internal_data?: Record<string, unknown> },
): Promise<WriteResponse | undefined> {
  const company = known.company?.guid ?? String(known.company_id);
  // An edit of a stage the server holds as `known` does goes as the edit alone (JSON patches
  // against body.version): an autosave of one opening time of a 30-location group sends the time,
  // not the 100 KB stage. A reset, or a rewrite bigger as patches than as data, sends the data.
  // A stage without data is held as nothing by both sides: its patches are made against {}.
  const patches = body.action === 'reset' ? null : diffStage(known.data[body.slug] ?? {}, body.data);
  const sent = patches ? { ...body, data: undefined, patches } : body;
  const answer = await http.put<WriteResponse>(`/companies/${encodeURIComponent(company)}/configs/${encodeURIComponent(known.guid)}`, sent, {
    notify: false,
    query: { data: 'changed', echo: 'false' },
  });
  return answer && withKnownStages(known, answer, body.slug, body.data);
}

/**
 * `answer` (written stage and changed stages only) over `known`: a changed stage missing from it
 * has no data any more, except the written stage when the server stored it as `sent`.
 */
export function withKnownStages(known: ConfigDetail, answer: WriteResponse, slug: string, sent?: unknown): WriteResponse {
  const data = { ...known.data };
  for (const changed of new Set([slug, ...answer.changedStages])) {
    if (changed in answer.data) data[changed] = answer.data[changed];
    else if (changed === slug && answer.stored_as_sent) data[changed] = sent as Record<string, unknown>;
    else delete data[changed];
  }
  if (!answer.internal_data) return { ...answer, data };
  return { ...answer, data, internal_data: { ...known.internal_data, ...answer.internal_data } };
}

// ---- Lists, create, archive, delete, stage add/remove, mail (the dashboard and list pages) ----

/** Spec section 3's design types: one list with the server's (contract/projects.ts). */
export { DESIGN_TYPES, type DesignType } from '../../contract/projects';
// The stage catalogue (GET /configs/stages) is read by the product form too: src/data/stageCatalogue.ts.
export type { CatalogueStage };

/** `POST /companies/{guid}/configs`; a 422 is handled by the dialog (field errors), not growled. */
export async function createConfig(companyKey: string | number, config: { name: string; design_type: string }, lang?: string): Promise<(ConfigDetail & { message?: string }) | undefined> {
  return http.post(`/companies/${encodeURIComponent(String(companyKey))}/configs`, { config, lang }, { notify: false });
}

export async function archiveConfig(id: string | number): Promise<ConfigDetail | undefined> {
  return http.post(`/configs/${encodeURIComponent(String(id))}/archive`, {});
}

export async function deleteConfig(id: string | number): Promise<{ id: number; guid: string; message: string } | undefined> {
  return http.delete(`/configs/${encodeURIComponent(String(id))}`);
}

/** Enables or disables a stage of the config (manage configs); the answer is the updated config. */
export async function changeStage(guid: string, slug: string, action: 'add' | 'remove'): Promise<ConfigDetail | undefined> {
  return http.post(`/configs/${encodeURIComponent(guid)}/stage/${action}/${encodeURIComponent(slug)}`, {});
}

export type MailType = 'project_manager' | 'account_manager';
export type MailResult = MailAnswer;

/** `POST /configs/{guid}/mail/{type}`: a message to the config's project or account manager. */
export async function mailContact(guid: string, type: MailType, message?: string): Promise<MailResult | undefined> {
  return http.post(`/configs/${encodeURIComponent(guid)}/mail/${type}`, message ? { message } : {}, { notify: false });
}

/** One field a revision changed, one revision of GET .../history (newest first), one page of them. */
export type { HistoryPage, Revision, RevisionChange };

const configPath = (config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>) =>
  `/companies/${encodeURIComponent(config.company?.guid ?? String(config.company_id))}/configs/${encodeURIComponent(config.guid)}`;

/**
 * One page of the config's revisions, newest first (never cached: it changes with every save);
 * with `stage`, only those that wrote or cascaded into it.
 */
export async function getHistory(config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>, page: number, perPage = 25, stage?: string, signal?: AbortSignal): Promise<HistoryPage | undefined> {
  return http.get<HistoryPage>(`${configPath(config)}/history`, { query: { page, perPage, ...(stage ? { stage } : {}) }, cache: false, signal });
}

/** One revision with every value (a history page leaves big values out). */
export async function getRevision(config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>, revisionId: number): Promise<Revision | undefined> {
  return http.get<Revision>(`${configPath(config)}/history/${revisionId}`, { cache: false });
}

/** Writes a stage back to its data before `revisionId` as a new revision; errors not growled (409 / 422 handled by the caller). */
export async function restoreRevision(
  config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>,
  revisionId: number,
  version: number,
): Promise<WriteResponse | undefined> {
  return http.post<WriteResponse>(`${configPath(config)}/history/${revisionId}/restore`, { version }, { notify: false });
}

/**
 * The spec's reset: the stage goes back to an empty draft (its defaults) on the server, recorded as
 * a revision like any write. The answer is the whole config (no `data=changed`): the form starts
 * again from it, as after a restore.
 */
export async function resetStage(
  config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>,
  slug: string,
  version: number,
): Promise<WriteResponse | undefined> {
  // The server ignores `data` on a reset (it writes the stage's defaults); the schema asks for an object.
  return http.put<WriteResponse>(configPath(config), { slug, data: {}, state: 'draft', action: 'reset', version }, { notify: false });
}
