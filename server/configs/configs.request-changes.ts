/**
 * POST /configs/{id}/stages/{slug}/request-changes (issue 55, 'review configs'): staff send a
 * submitted stage back to the dealer as a draft, through the one stage write (configs.write.ts), as
 * staff reopen a stage (the lifecycle's submitted -> draft), recorded as a revision with action
 * `request_changes` whose `source` keeps the reviewer's message (history answers it as `message`).
 * The company's users get a notification and a mail in their language naming the stage and linking
 * to it (server/reviews/reviews.notify.ts). Only a submitted stage: a completed one goes back to the
 * dealer only by resubmission or a reset (engine/lifecycle/transitions.ts), and a draft is theirs already.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { COMMENT_MAX, type ChangeRequestAnswer } from '../../contract/reviews';
import { configStages, MANAGE_CONFIGS } from '../../engine';
import { configThreads, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Conflict, Invalid } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { stageNamer } from '../catalogue/catalogue.versions';
import { notifyChangesRequested } from '../reviews/reviews.notify';
import { findConfig, notFound } from './configs.service';
import { REQUEST_CHANGES } from './configs.types';
import { stageVisible } from './configs.view';
import { commitStageWrite } from './configs.write';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

export interface RequestChangesBody {
  message?: string | null;
}

export async function requestChanges(deps: Deps, viewer: Viewer, key: string, slug: string, body: RequestChangesBody): Promise<ChangeRequestAnswer> {
  const loaded = await findConfig(deps, viewer, key);
  if (!configStages(loaded.snapshot).includes(slug) || !stageVisible(viewer, slug, loaded.snapshot.catalogue)) throw notFound();
  const message = cleanText(body.message ?? '').trim();
  if ([...message].length > COMMENT_MAX) {
    const detail = interpolate(serverMessages.reviews.message_too_long, { max: COMMENT_MAX });
    throw new Invalid(detail, [{ detail, field: 'message' }]);
  }
  if ((loaded.snapshot.states[slug] ?? 'draft') !== 'submitted') throw new Conflict(serverMessages.reviews.changes_not_submitted, [{ detail: serverMessages.reviews.changes_not_submitted }]);
  // The lifecycle's "staff return a submitted stage to the dealer as a draft": 'review configs' is
  // what this route asks, so the write runs with the staff permission for that one transition (the
  // stage's data goes back as it is stored: nothing else of the write can differ).
  const reviewer: Viewer = { id: viewer.id, permissions: new Set([...viewer.permissions, MANAGE_CONFIGS]) as Viewer['permissions'] };
  const written = await commitStageWrite(
    deps,
    reviewer,
    loaded,
    { slug, data: loaded.snapshot.doc[slug] ?? {}, state: 'draft', action: 'save', version: loaded.row.version },
    { action: REQUEST_CHANGES, source: message || null },
  );
  const [by] = await deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, viewer.id));
  // The stage named by the config's own version of it (a born stage's title is in its labels).
  const name = await stageNamer(deps.db, loaded.row.stageVersions);
  await notifyChangesRequested(deps, deps.db, {
    config: { id: loaded.row.id, name: loaded.row.name },
    stage: slug,
    stageTitle: (locale) => name(locale, slug),
    by: by ?? { id: viewer.id, name: '' },
    companyId: loaded.company.id,
    version: written.version,
    message,
  });
  const open = await deps.db
    .select({ id: configThreads.id })
    .from(configThreads)
    .where(and(eq(configThreads.configId, loaded.row.id), eq(configThreads.stage, slug), isNull(configThreads.resolvedAt)))
    .orderBy(asc(configThreads.id));
  return { stage: slug, state: 'draft', version: written.version, open_threads: open.map((t) => t.id), message: serverMessages.reviews.changes_requested };
}
