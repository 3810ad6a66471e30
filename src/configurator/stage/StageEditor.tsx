import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasStage, stageDefaults, type StageState } from '../../../engine';
import { defaultEngine, StageForm, useStageContext, useStageSelector, type ConfigDoc, type StageController } from '../../../engine/react';
import { localiseServerText } from '../../i18n/serverText';
import { UnsavedChangesPrompt } from '../../routing/UnsavedChangesPrompt';
import { useSession } from '../../session/useSession';
import type { ConfigDetail, WriteResponse } from '../api';
import { StateChip } from '../parts';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { HistoryPanel } from './HistoryPanel';
import { permissionNames, stageAbilities } from './lifecycle';
import { SaveIndicator } from './SaveIndicator';
import { sameValue } from './diff';
import { flattenErrorSchema } from './serverErrors';
import { useStageSaver, type ConflictInfo } from './useStageSaver';
import { WarningsList } from './WarningsList';
import { configEngine, stageUiFor } from './configStages';

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
}

/** Hands the form's controller to the editor (the controller lives inside StageForm). */
function ControllerBridge({ target }: { target: { current: StageController | null } }) {
  const controller = useStageContext();
  useEffect(() => {
    target.current = controller;
    return () => {
      target.current = null;
    };
  }, [controller, target]);
  return null;
}

/** The engine's warnings for the data in the form (live) and the server's of the last save. */
function StageWarnings({ slug, server }: { slug: string; server: Array<{ field?: string; detail: string }> }) {
  const controller = useStageContext();
  const local = useStageSelector(controller, (s) => s.warnings);
  const { t } = useTranslation();
  const all = useMemo(() => {
    const seen = new Set<string>();
    return [...flattenErrorSchema(local), ...server.map((w) => ({ field: w.field, detail: localiseServerText(w.detail, t) }))].filter((w) => {
      const key = `${w.field ?? ''}|${w.detail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [local, server, t]);
  return <WarningsList slug={slug} warnings={all} />;
}

/**
 * One stage in the engine's StageForm, saved in the background (useStageSaver) and by its buttons:
 * Save draft / Save, Submit, Mark completed and Reopen as the lifecycle table allows the user,
 * Reset (confirmed) and History. Re-created by the page (new key) whenever it must start over.
 */
export function StageEditor({ start, slug, internal, storageKey, onAnswer, onConflict, onReset }: StageEditorProps) {
  const { t } = useTranslation(['common', 'configurator', 'validation']);
  const notify = useNotify();
  const { user } = useSession();
  const server = start.server;
  const stage = server.stages.find((s) => s.slug === slug);
  const state = (stage?.state ?? 'draft') as StageState;
  const abilities = useMemo(() => stageAbilities(state, permissionNames(user)), [state, user]);
  const controller = useRef<StageController | null>(null);
  const [serverWarnings, setServerWarnings] = useState<Array<{ field?: string; detail: string }>>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [showRestored, setShowRestored] = useState(!!start.restoredNotice);
  const storedInternal = server.internal_data?.[slug];
  const [notes, setNotes] = useState(() => String((start.internal ?? storedInternal)?.notes ?? ''));
  const notesRef = useRef(notes);

  // The form's document: the loaded config (a stage never saved starts from its defaults), with any
  // restored or merged edits run through the rules like an edit.
  const [doc] = useState<ConfigDoc>(() => {
    const loaded = server.data[slug] === undefined && hasStage(slug) ? { ...server.data, [slug]: stageDefaults(slug) } : server.data;
    return start.data === undefined ? loaded : defaultEngine.updateStage(loaded, slug, start.data).doc;
  });

  // The config's own stages: its summaries list only them and its checks ask only for them.
  const stageKey = server.stages.map((s) => s.slug).join(',');
  const form = useMemo(() => {
    const stages = stageKey ? stageKey.split(',') : [];
    return { engine: configEngine(stages), stage: hasStage(slug) ? stageUiFor(slug, stages) : undefined };
  }, [stageKey, slug]);

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

  if (!stage) return <Alert severity="error">{t('configPages.unknownStage')}</Alert>;
  if (!stage.open) {
    // A locked stage opened by its address: its title, and why there is nothing to fill in yet.
    return (
      <>
        <StageHeading title={t(stage.title)} state={stage.state} />
        <Alert severity="info" data-testid="stage-locked">
          {t('configPages.locked')}
        </Alert>
      </>
    );
  }
  const { readonly } = abilities;

  return (
    <>
      <StageHeading title={t(stage.title)} state={stage.state}>
        {internal && <Chip size="small" color="secondary" label={t('configPages.stagePage.internal')} data-testid="stage-internal" />}
        <Box sx={{ flex: 1 }} />
        {!readonly && <SaveIndicator status={saver.status} />}
        <Button startIcon={<HistoryIcon />} onClick={() => setHistoryOpen(true)} data-testid="stage-history">
          {t('configPages.stagePage.history')}
        </Button>
      </StageHeading>
      {showRestored && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setShowRestored(false)} data-testid="unsent-restored">
          {t('configPages.stagePage.unsentRestored')}
        </Alert>
      )}
      {readonly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stage-readonly">
          {t('configPages.readonly')}
        </Alert>
      )}
      {!readonly && !abilities.autosaveState && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stage-resubmit">
          {t('configPages.stagePage.resubmitHint')}
        </Alert>
      )}
      {internal && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <TextField
            label={t('configPages.stagePage.internalNotes')}
            helperText={t('configPages.stagePage.internalHelp')}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              notesRef.current = e.target.value;
              edited();
            }}
            disabled={readonly}
            multiline
            minRows={3}
            fullWidth
            inputProps={{ 'data-testid': 'internal-notes' }}
          />
        </Paper>
      )}
      {/* Edits reach the engine just after their frame is painted: typing never waits for the cascade. */}
      <StageForm slug={slug} doc={doc} onChange={onChange} readonly={readonly} hideActions engine={form.engine} stage={form.stage} settle="after-paint">
        {formExtras}
      </StageForm>
      {/* Outside the form: they change with the save status, the form must not. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        {abilities.autosaveState && (
          <Button variant="outlined" disabled={busy} onClick={() => void act(abilities.autosaveState!)} data-testid="stage-save">
            {t(state === 'draft' ? 'configPages.saveDraft' : 'configPages.stagePage.save')}
          </Button>
        )}
        {abilities.canSubmit && (
          <Button variant="contained" disabled={busy} onClick={() => void act('submitted')} data-testid="stage-submit">
            {t('configPages.submit')}
          </Button>
        )}
        {abilities.canComplete && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => void act('completed')} data-testid="stage-complete">
            {t('configPages.stagePage.markCompleted')}
          </Button>
        )}
        {abilities.canReopen && (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void act('draft')} data-testid="stage-reopen">
            {t('configPages.stagePage.reopen')}
          </Button>
        )}
        {!readonly && (
          <Button color="inherit" disabled={busy || !saver.unsent} onClick={() => setConfirmReset(true)} data-testid="stage-reset">
            {t('configPages.stagePage.reset')}
          </Button>
        )}
      </Box>
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
      <HistoryPanel
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
      <UnsavedChangesPrompt when={saver.unsent} />
    </>
  );
}

/** The stage's title and state, then whatever the page adds beside them (its tools). */
function StageHeading({ title, state, children }: { title: string; state: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h4" component="h1" data-testid="page-title">
        {title}
      </Typography>
      <StateChip state={state} />
      {children}
    </Box>
  );
}
