import { useCallback, useEffect, useState } from 'react';
import { Box, Breadcrumbs, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { getConfig, type ConfigDetail, type WriteResponse } from './api';
import { ConflictScreen, type ConflictChange } from './stage/ConflictScreen';
import { applyChanges, diffData, getAtPointer, locate, sameValue, type FieldChange } from './stage/diff';
import { permissionNames, stageAbilities } from './stage/lifecycle';
import { StageEditor, type EditorStart } from './stage/StageEditor';
import { forgetUnsent, readUnsent, unsentKey } from './stage/unsent';
import { useStageValidators } from './stage/useStageValidators';
import { usePinnedCatalogue } from './pinned/usePinnedCatalogue';
import type { ConflictInfo } from './stage/useStageSaver';
import { useConfig } from './useConfig';
import { useSession } from '../session/useSession';
import type { StageState } from '../../engine';
import { LoadingBar } from '../layout/LoadingBar';
import { ConfigLoadError } from './parts';

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
  const storageKey = user && config ? unsentKey(user.id, config.id, internal ? `internal/${slug}` : slug) : null;

  const begin = useCallback(
    (next: EditorStart) => {
      setChoice(null);
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
        <ConflictScreen slug={slug} kind={choice.kind} changes={conflictChanges(choice, slug)} doc={choice.server.data} mine={choice.mine} savedAt={choice.savedAt} onKeep={keep} onDiscard={discard} catalogue={pinned.catalogue} />
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
        />
      )}
    </Box>
  );
}
