import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Breadcrumbs, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { getConfig, type ConfigDetail, type WriteResponse } from './api';
import { ConflictScreen, type ConflictChange } from './stage/ConflictScreen';
import { applyChanges, diffData, getAtPointer, locate, sameValue, type FieldChange } from './stage/diff';
import { permissionNames, stageAbilities } from './stage/lifecycle';
import { StageEditor, type EditorLive, type EditorStart } from './stage/StageEditor';
import { useQueryClient } from '@tanstack/react-query';
import { useStageEvents } from './live/useStageEvents';
import { reviewKeys } from './review/queryKeys';
import { liveSaveAction } from './live/liveSave';
import { PresenceChip } from './live/PresenceChip';
import { LiveSaveNotice, type LiveNotice } from './live/LiveSaveNotice';
import type { SavedEvent } from '../../contract/reviews';
import { forgetUnsent, readUnsent, unsentKey } from './stage/unsent';
import { useStageValidators } from './stage/useStageValidators';
import { usePinnedCatalogue } from './pinned/usePinnedCatalogue';
import type { ConflictInfo } from './stage/useStageSaver';
import { useConfig } from './useConfig';
import { useSession } from '../session/useSession';
import type { StageState } from '../../engine';
import { LoadingBar } from '../layout/LoadingBar';
import { ConfigLoadError } from './parts';
import { NextStageLink } from './stage/NextStageLink';

/** A choice the user makes before editing goes on: a 409, or unsent edits older than the server's data. */
interface Choice {
  kind: 'conflict' | 'unsent';
  server: ConfigDetail;
  mine: unknown;
  base: unknown;
  internal?: Record<string, unknown>;
  savedAt?: number;
}

/** `a` and `b` name the same field or one holds the other. */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * What the conflict screen lists: each field the server changed since `base`, with the user's
 * value beside the current one, then each field only the user changed (their pending edit beside
 * the server's value). Rows are matched by id on every side (diff.ts).
 */
function conflictChanges(choice: Choice, slug: string): ConflictChange[] {
  const current = choice.server.data[slug] ?? {};
  const mine = diffData(choice.base ?? {}, choice.mine);
  const at = (data: unknown, c: FieldChange) => {
    const pointer = locate(data, c);
    return pointer === null ? undefined : getAtPointer(data, pointer);
  };
  // A stage never saved before is an empty one: its fields are listed, not "the whole stage".
  const theirs = diffData(choice.base ?? {}, current);
  return [
    ...theirs.map((c) => ({ change: c, mine: at(choice.mine, c), current: c.after, by: mine.some((m) => overlaps(m.field, c.field)) ? ('both' as const) : ('server' as const) })),
    ...mine.filter((m) => !theirs.some((c) => overlaps(m.field, c.field))).map((m) => ({ change: m, mine: m.after, current: at(current, m), by: 'mine' as const })),
  ];
}

/** The user's own changes (base -> mine) re-applied onto the server's current data. */
const mergeMine = (choice: Pick<Choice, 'base' | 'mine' | 'server'>, slug: string) => applyChanges(choice.server.data[slug], diffData(choice.base ?? {}, choice.mine));

/**
 * `/configurator/{id}/{slug}` and, for staff, `/configurator/{id}/internal/{slug}`: one stage in the
 * engine's StageForm (stage/StageEditor), autosaved, with a conflict screen on 409 and unsent edits
 * of an earlier visit (closed tab, expired session) offered back. See README.md, "Saving a stage".
 */
export default function ConfigStagePage() {
  const { id = '', slug = '' } = useParams();
  const internal = /\/internal\/[^/]+$/.test(useLocation().pathname);
  const { user } = useSession();
  // The route mounts this page anew for each config and stage (routing/keyedByRecord.tsx), and
  // useConfig gives this id's config or nothing: the editor, its autosave queue, the unsent copy,
  // the history panel and the conflict screen all belong to the record the heading names.
  const { config, failed: configFailed, denied, error: configError, setConfig } = useConfig(id);
  const { t } = useTranslation('errors');
  // Another company's config, or none: back where the user was, saying "No Access." (spec section 2).
  const missing = useLeaveWhenMissing(configError, t('errors:access_denied'));
  // The stage versions the config is pinned to (those staff published since version 1 are read).
  const pinned = usePinnedCatalogue(config);
  // The stage's validators load beside the config read (a chunk per stage, not all 43 at once).
  const validators = useStageValidators(slug, pinned.catalogue);
  const failed = configFailed || validators.failed || pinned.failed;
  // The editor's starting point; a new `generation` re-creates the form from it.
  const [start, setStart] = useState<(EditorStart & { generation: number }) | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  // What the page says about another person's save (live/LiveSaveNotice).
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  const storageKey = user && config ? unsentKey(user.id, config.id, internal ? `internal/${slug}` : slug) : null;

  const begin = useCallback(
    (next: EditorStart) => {
      setChoice(null);
      setNotice(null);
      setStart((prev) => ({ ...next, generation: (prev?.generation ?? 0) + 1 }));
    },
    [],
  );

  // First load: pick up edits an earlier visit could not send. Applied at once when the server's
  // stage is still what they were based on; otherwise the user chooses (never overwritten silently).
  useEffect(() => {
    if (!config || !user || start || choice || !storageKey) return;
    const kept = readUnsent(storageKey);
    const stage = config.stages.find((s) => s.slug === slug);
    const writable = !!stage && !stageAbilities((stage.state ?? 'draft') as StageState, permissionNames(user)).readonly;
    const current = config.data[slug];
    const storedNotes = config.internal_data?.[slug];
    if (!kept || !writable || (sameValue(kept.data, current) && (!kept.internal || sameValue(kept.internal, storedNotes)))) {
      if (kept) forgetUnsent(storageKey);
      begin({ server: config, pending: false });
    } else if (kept.baseVersion === config.version || sameValue(kept.base, current)) {
      begin({ server: config, data: kept.data, internal: kept.internal, pending: true, restoredNotice: true });
    } else {
      setChoice({ kind: 'unsent', server: config, mine: kept.data, base: kept.base, internal: kept.internal, savedAt: kept.savedAt });
    }
  }, [config, user, start, choice, storageKey, slug, begin]);

  const onAnswer = useCallback(
    (answer: WriteResponse, remount: boolean) => {
      setConfig(answer);
      if (remount) begin({ server: answer, pending: false });
    },
    [setConfig, begin],
  );

  // 409: load the server's copy and show what changed there. When nothing in this stage changed
  // (another stage's write moved the version on), the user's edits go on top without asking.
  const onConflict = useCallback(
    async (info: ConflictInfo) => {
      const fresh = await getConfig(id).catch(() => undefined);
      if (!fresh) return;
      setConfig(fresh);
      const next: Choice = { kind: 'conflict', server: fresh, ...info };
      if (!conflictChanges(next, slug).some((c) => c.by !== 'mine')) begin({ server: fresh, data: mergeMine(next, slug), internal: info.internal, pending: true });
      else setChoice(next);
    },
    [id, slug, setConfig, begin],
  );

  // Reset: back to the last data the server acknowledged (kept from its answers, so this works
  // offline too: a failed request there would sign the user out).
  const onReset = useCallback(() => {
    if (config) begin({ server: config, pending: false });
  }, [config, begin]);

  // Staff requested changes (issue 55): the stage is a draft again; the form starts from the server's copy.
  const onReload = useCallback(() => {
    void getConfig(id)
      .catch(() => undefined)
      .then((fresh) => {
        if (!fresh) return;
        setConfig(fresh);
        begin({ server: fresh, pending: false });
      });
  }, [id, setConfig, begin]);

  // Live (issue 55): who else is here, and another person's save brought in as it happens.
  const liveRef = useRef<EditorLive | null>(null);
  const editing = useRef({ choice, userId: user?.id });
  editing.current = { choice, userId: user?.id };
  /** The editor's side now: its version, whether it writes, its unsent edits and their fields. */
  const pageSide = useCallback(() => {
    const editor = liveRef.current;
    const userId = editing.current.userId;
    if (!editor || userId === undefined || editing.current.choice) return null;
    const unsent = editor.unsent();
    const read = editor.read();
    return { editor, read, side: { userId, version: editor.version(), writing: editor.writing(), unsent, mine: unsent ? diffData(read.base ?? {}, read.mine).map((c) => c.field) : [] } };
  }, []);
  const onSaved = useCallback(
    async (event: SavedEvent) => {
      const before = pageSide();
      if (!before || liveSaveAction(event, before.side) === 'ignore') return;
      const fresh = await getConfig(id).catch(() => undefined);
      // Decided again on the editor as it is now: the reader may have typed while the copy loaded.
      const now = pageSide();
      if (!fresh || !now) return;
      const action = liveSaveAction({ ...event, version: Math.max(event.version, fresh.version) }, now.side);
      if (action === 'ignore') return;
      const name = event.by?.name ?? null;
      if (action === 'offer') {
        setNotice({ kind: 'offer', name, version: fresh.version });
        return;
      }
      setConfig(fresh);
      if (action === 'show') begin({ server: fresh, pending: false });
      else begin({ server: fresh, data: mergeMine({ base: now.read.base, mine: now.read.mine, server: fresh }, slug), internal: now.read.internal, pending: true });
      setNotice({ kind: 'shown', name, version: fresh.version });
    },
    [id, slug, pageSide, setConfig, begin],
  );
  const queryClient = useQueryClient();
  // Someone opened, answered or resolved a thread of this config (any instance, any page): the
  // threads and counts shown are read again at once, not at the next focus.
  const onThread = useCallback(() => void queryClient.invalidateQueries({ queryKey: reviewKeys.config(config?.id ?? '') }), [queryClient, config?.id]);
  const { others } = useStageEvents(config?.id, slug, { onSaved: (e) => void onSaved(e), onThread });
  // "Load their version": the conflict screen, the reader's edits beside theirs, nothing lost until they choose.
  const loadTheirs = useCallback(async () => {
    const now = pageSide();
    setNotice(null);
    if (!now) return;
    const fresh = await getConfig(id).catch(() => undefined);
    if (!fresh) return;
    setConfig(fresh);
    setChoice({ kind: 'conflict', server: fresh, mine: now.read.mine, base: now.read.base, internal: now.read.internal });
  }, [id, pageSide, setConfig]);

  const keep = () => choice && begin({ server: choice.server, data: mergeMine(choice, slug), internal: choice.internal, pending: true });
  const discard = () => {
    if (!choice) return;
    if (storageKey) forgetUnsent(storageKey);
    begin({ server: choice.server, pending: false });
  };

  return (
    <Box data-testid="config-stage-page" data-stage={slug} sx={{ maxWidth: 1100 }}>
      {config && (
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to={`/configurator/${config.id}/dashboard`} data-testid="stage-back">
            {config.name}
          </Link>
        </Breadcrumbs>
      )}
      {(!config || !validators.ready || !pinned.ready) && !failed && <LoadingBar />}
      {failed && !missing && <ConfigLoadError denied={denied} />}
      {choice && (
        <ConflictScreen slug={slug} kind={choice.kind} changes={conflictChanges(choice, slug)} doc={choice.server.data} company={{ region: choice.server.company?.region ?? null }} mine={choice.mine} savedAt={choice.savedAt} onKeep={keep} onDiscard={discard} catalogue={pinned.catalogue} />
      )}
      {start && !choice && validators.ready && pinned.ready && (
        <StageEditor
          key={`${id}/${slug}/${internal}/${start.generation}`}
          start={start}
          slug={slug}
          internal={internal}
          storageKey={storageKey}
          onAnswer={onAnswer}
          onConflict={(info) => void onConflict(info)}
          onReset={onReset}
          catalogue={pinned.catalogue}
          onReload={onReload}
          liveRef={liveRef}
          presence={<PresenceChip others={others} />}
          notice={notice && <LiveSaveNotice notice={notice} onClose={() => setNotice(null)} onLoad={() => void loadTheirs()} />}
        />
      )}
      {config && start && !choice && validators.ready && pinned.ready && <NextStageLink config={config} slug={slug} internal={internal} catalogue={pinned.catalogue} />}
    </Box>
  );
}
