import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasStage, stageDefaults, withCatalogue, type Catalogue, type StageState } from '../../../engine';
import { defaultEngine, StageForm, type ConfigDoc, type StageController } from '../../../engine/react';
import { UnsavedChangesPrompt } from '../../routing/UnsavedChangesPrompt';
import { useSession } from '../../session/useSession';
import { resetStage, type ConfigDetail, type WriteResponse } from '../api';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { HistoryPanel } from './HistoryPanel';
import { writeFailureMessage } from './writeFailure';
import { permissionNames, stageAbilities } from './lifecycle';
import { sameValue } from './diff';
import { useStageSaver, type ConflictInfo } from './useStageSaver';
import { configEngine, stageUiFor } from './configStages';
import { InternalNotes } from './InternalNotes';
import { StageActions } from './StageActions';
import { ControllerBridge, StageWarnings } from './StageFormExtras';
import { StageHeading, StageTools } from './StageHeading';
import { stageStarted } from '../parts';
import { StageNotices } from './StageNotices';
import { stageSearchers } from './searchers';
import { stageMediaInput } from './StageMediaInput';
import { pointerTarget } from '../dashboard/summary';
import { ReviewProvider } from '../review/ReviewContext';
import { StageCommentsButton } from '../review/StageComments';
import { ChangesRequestedAlert, RequestChangesButton } from '../review/RequestChanges';

/** The address of an app route (hash routes) for links inside the form, e.g. a `displayText` field's. */
const appHref = (path: string) => `#${path}`;

/** Where an editor starts: the server's copy, and optionally edits on top that the server lacks. */
export interface EditorStart {
  server: ConfigDetail;
  /** Stage data to start with instead of the server's (restored or merged edits). */
  data?: unknown;
  internal?: Record<string, unknown>;
  /** `data` / `internal` are not on the server yet: send them at once. */
  pending: boolean;
  /** Say that unsent edits of an earlier visit were put back. */
  restoredNotice?: boolean;
}

export interface StageEditorProps {
  start: EditorStart;
  slug: string;
  /** The internal route: staff see and edit the stage's internal notes. */
  internal: boolean;
  storageKey: string | null;
  /** A write was stored; `remount` when the form must start again from the answer (state changed). */
  onAnswer(answer: WriteResponse, remount: boolean): void;
  onConflict(info: ConflictInfo): void;
  /** Reset confirmed: start again from the last saved data. */
  onReset(): void;
  /** The stage versions the config is pinned to (usePinnedCatalogue); absent: all version 1. */
  catalogue?: Catalogue;
  /** Staff requested changes (issue 55): the page reads the config again and starts the form from it. */
  onReload?(): void;
  /** Beside the heading: who else is here (configurator/live/). */
  presence?: ReactNode;
  /** Under the heading: what the page says about another person's save. */
  notice?: ReactNode;
  /** Filled with what the page reads of this editor when another person saves (configurator/live/). */
  liveRef?: MutableRefObject<EditorLive | null>;
}

/** The editor as the page sees it when another person saves. */
export interface EditorLive {
  version(): number;
  writing(): boolean;
  unsent(): boolean;
  /** The stage data as the form holds it now, the data it was based on, and the internal notes (internal route). */
  read(): { mine: unknown; base: unknown; internal?: Record<string, unknown> };
}

/**
 * One stage in the engine's StageForm, saved in the background (useStageSaver) and by its buttons:
 * Save draft / Save, Submit, Mark completed and Reopen as the lifecycle table allows the user,
 * Reset (confirmed: back to the last saved data), Start again (confirmed: the server's reset to an
 * empty draft) and History. Re-created by the page (new key) whenever it must start over.
 */
export function StageEditor({ start, slug, internal, storageKey, onAnswer, onConflict, onReset, catalogue, onReload, presence, notice, liveRef }: StageEditorProps) {
  const { t } = useTranslation(['common', 'configurator', 'validation']);
  const notify = useNotify();
  const { user, company } = useSession();
  const server = start.server;
  const stage = server.stages.find((s) => s.slug === slug);
  const state = (stage?.state ?? 'draft') as StageState;
  const abilities = useMemo(() => stageAbilities(state, permissionNames(user)), [state, user]);
  const controller = useRef<StageController | null>(null);
  const [serverWarnings, setServerWarnings] = useState<Array<{ field?: string; detail: string }>>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmStartAgain, setConfirmStartAgain] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [showRestored, setShowRestored] = useState(!!start.restoredNotice);
  // "Not started" until the stage has data: on the server when the editor began, or from its first stored save.
  const [started, setStarted] = useState(() => stageStarted(server, slug));
  const storedInternal = server.internal_data?.[slug];
  const [notes, setNotes] = useState(() => String((start.internal ?? storedInternal)?.notes ?? ''));
  const notesRef = useRef(notes);

  // The company's region (spec section 9: its country is every country field's default).
  const region = server.company?.region ?? null;
  // The form's document: the loaded config (a stage never saved starts from its defaults, the
  // company's country among them), with any restored or merged edits run through the rules like an edit.
  const [doc] = useState<ConfigDoc>(() => {
    return withCatalogue(catalogue, () => {
      const loaded = server.data[slug] === undefined && hasStage(slug) ? { ...server.data, [slug]: stageDefaults(slug, { region }) } : server.data;
      return start.data === undefined ? loaded : defaultEngine.updateStage(loaded, slug, start.data).doc;
    });
  });

  // The config's own stages: its summaries list only them and its checks ask only for them.
  const stageKey = server.stages.map((s) => s.slug).join(',');
  const form = useMemo(() => {
    const stages = stageKey ? stageKey.split(',') : [];
    // The config's catalogue: a stage born in the editor is only in the catalogue of the configs pinned to it.
    return { engine: configEngine(stages, catalogue, { region }), stage: withCatalogue(catalogue, () => hasStage(slug)) ? stageUiFor(slug, stages, { region }, catalogue) : undefined };
  }, [stageKey, slug, region, catalogue]);

  // The form's remote selects and media input (engine/react, formContext): bound to the config's company.
  const companyId = server.company_id;
  const searchers = useMemo(() => stageSearchers(companyId, user, company), [companyId, user, company]);
  const mediaInput = useMemo(() => stageMediaInput(companyId), [companyId]);

  const saver = useStageSaver({
    config: server,
    slug,
    storageKey: abilities.readonly ? null : storageKey,
    startPending: start.pending && !abilities.readonly,
    autosaveState: abilities.autosaveState,
    read: () => ({
      data: controller.current?.getData(),
      internal: internal ? { ...(storedInternal ?? {}), notes: notesRef.current } : undefined,
    }),
    validate: (mode) => controller.current?.validateAll(mode) ?? false,
    onAnswer(answer, saved, kind) {
      setStarted(true);
      const warnings = answer.warnings ?? [];
      // Every save answers its warnings anew: the same ones keep the shown list (and the form) as they are.
      setServerWarnings((shown) => (sameValue(shown, warnings) ? shown : warnings));
      const now = answer.stages.find((s) => s.slug === slug)?.state;
      if (kind === 'manual') notify(saved === 'draft' && state === 'draft' ? t('configPages.saved') : t('configPages.updated'), { type: 'success' });
      onAnswer(answer, now !== state);
    },
    onConflict,
    onInvalid(errors, message, kind) {
      const c = controller.current;
      if (c) c.store.setState({ ...c.store.getState(), errors });
      if (kind === 'manual') notify(message, { type: 'error' });
    },
    onFailed(message, kind) {
      if (kind === 'manual') notify(message || t('errors:unknown_error', { defaultValue: 'There was an unknown error.' }), { type: 'error' });
    },
  });
  const { edited } = saver;
  // What the page reads when another person saves (the saver's own state, read at that moment).
  useEffect(() => {
    if (!liveRef) return;
    liveRef.current = {
      version: saver.version,
      writing: saver.writing,
      unsent: saver.hasUnsent,
      read: () => ({ mine: controller.current?.getData(), base: saver.base(), internal: internal ? { ...(storedInternal ?? {}), notes: notesRef.current } : undefined }),
    };
    return () => {
      liveRef.current = null;
    };
  });
  const onChange = useCallback(() => edited(), [edited]);

  const [busy, setBusy] = useState(false);
  const { save } = saver;
  const act = useCallback(
    async (to: StageState) => {
      setBusy(true);
      try {
        const outcome = await save(to, 'manual');
        if (outcome === 'incomplete') {
          notify(t('validation:generic.incomplete', { defaultValue: 'Please make sure that all required fields are complete.' }), { type: 'error' });
        }
      } finally {
        setBusy(false);
      }
    },
    [save, notify, t],
  );

  // Start again: the server resets the stage to an empty draft (a revision, so History can undo
  // it). Unsent edits go with it (the dialog says so); the form starts again from the answer.
  const startAgain = useCallback(async () => {
    setBusy(true);
    saver.discard();
    try {
      const answer = await resetStage(server, slug, saver.version());
      if (!answer) return;
      notify(t('configPages.stagePage.startedAgain'), { type: 'success' });
      onAnswer(answer, true);
    } catch (err) {
      notify(writeFailureMessage(err, t), { type: 'error' });
    } finally {
      setConfirmStartAgain(false);
      setBusy(false);
    }
  }, [saver, server, slug, notify, t, onAnswer]);

  // What the form shows below its fields, kept as one element while nothing in it changes: the
  // editor renders again on every save status change (an autosave answer, the first edit after
  // one), and new children would render the whole rjsf form again (issue 10).
  const formExtras = useMemo(
    () => (
      <>
        <ControllerBridge target={controller} />
        <StageWarnings slug={slug} server={serverWarnings} />
      </>
    ),
    [slug, serverWarnings],
  );

  // A review thread's field by its pointer, named as the overview and the history name it (issue 55).
  const labelFor = useCallback(
    (pointer: string) => withCatalogue(catalogue, () => pointerTarget(slug, pointer, { doc: controller.current?.getDoc() ?? server.data, company: { region } }, t))?.labels.join(' › ') || pointer,
    [catalogue, slug, server, t, region],
  );

  if (!stage) return <Alert severity="error">{t('configPages.unknownStage')}</Alert>;
  if (!stage.open) {
    // A locked stage opened by its address: its title, and why there is nothing to fill in yet.
    return (
      <>
        <StageHeading title={t(stage.title)} state={stage.state} started={started} />
        <Alert severity="info" data-testid="stage-locked">
          {t('configPages.locked')}
        </Alert>
      </>
    );
  }
  const { readonly } = abilities;

  return (
    <ReviewProvider configId={server.id} companyKey={server.company?.guid} stage={slug} stageState={state} user={user} labelFor={labelFor} onChangesRequested={onReload}>
      <StageHeading title={t(stage.title)} state={stage.state} started={started}>
        {presence}
        <StageTools internal={internal} status={readonly ? null : saver.status} onHistory={() => setHistoryOpen(true)} />
        <StageCommentsButton />
        <RequestChangesButton stageTitle={t(stage.title)} />
      </StageHeading>
      <ChangesRequestedAlert />
      {notice}
      <StageNotices restored={showRestored} onRestoredClose={() => setShowRestored(false)} readonly={readonly} resubmit={!readonly && !abilities.autosaveState} />
      {internal && (
        <InternalNotes
          value={notes}
          readonly={readonly}
          onChange={(text) => {
            setNotes(text);
            notesRef.current = text;
            edited();
          }}
        />
      )}
      {/* Edits reach the engine just after their frame is painted: typing never waits for the cascade. */}
      <StageForm slug={slug} doc={doc} onChange={onChange} readonly={readonly} canLockRows={abilities.canLockRows} hideActions engine={form.engine} stage={form.stage} searchers={searchers} mediaInput={mediaInput} linkHref={appHref} settle="after-paint">
        {formExtras}
      </StageForm>
      {/* Outside the form: they change with the save status, the form must not. */}
      <StageActions abilities={abilities} state={state} busy={busy} unsent={saver.unsent} onAct={act} onReset={() => setConfirmReset(true)} onStartAgain={() => setConfirmStartAgain(true)} />
      <ConfirmDialog
        open={confirmReset}
        title={t('configPages.stagePage.resetTitle')}
        confirmLabel={t('configPages.stagePage.reset')}
        tone="warning"
        onClose={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          saver.discard();
          onReset();
        }}
        testId="reset-dialog"
      >
        {t('configPages.stagePage.resetText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmStartAgain}
        title={t('configPages.stagePage.startAgainTitle')}
        confirmLabel={t('configPages.stagePage.startAgain')}
        tone="error"
        onClose={() => setConfirmStartAgain(false)}
        onConfirm={startAgain}
        testId="start-again-dialog"
      >
        {t('configPages.stagePage.startAgainText')}
      </ConfirmDialog>
      <HistoryPanel
        catalogue={catalogue}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        config={server}
        slug={slug}
        version={saver.version}
        canRestore={!readonly}
        unsent={saver.unsent}
        internal={internal}
        onRestored={(answer) => {
          saver.discard();
          setHistoryOpen(false);
          onAnswer(answer, true);
        }}
      />
      {/* The prompt follows the saver's one state: once the autosave has the edits, a held navigation goes on (the header says Saved, nothing is lost). */}
      <UnsavedChangesPrompt when={saver.unsent} leaveOnceSaved />
    </ReviewProvider>
  );
}
