import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { CheckAnswer, DraftTestResult, EditableStage, PublishProblem } from '../../../contract/catalogue';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { UnsavedChangesPrompt } from '../../routing/UnsavedChangesPrompt';
import { CatalogueRefused, discardDraft, publishDraft, rollbackStage, saveDraft } from './api';
import type { JsonEditorHandle } from './JsonEditor';
import { formatWhen } from './paths';
import { PublishDialog } from './PublishDialog';
import { StagePreview, type SavedDraft as PreviewSaved } from './StagePreview';
import { StructuredEditor } from '../fields/StructuredEditor';
import type { StageDraftValue } from '../fields/model/types';
import { UpgradeDialog } from './UpgradeDialog';
import { VersionsPanel } from './VersionsPanel';
import { useLiveCheck } from './useLiveCheck';
import { CompareDialog } from './CompareDialog';
import { DraftChecks } from './DraftChecks';
import { savedOf, show, startOf, type Checked } from './draftStart';
import { RollbackDialog } from './RollbackDialog';
import { addCase, canAddCase } from './testCases/caseFile';
import { TestCasesPanel } from './testCases/TestCasesPanel';

// CodeMirror and the meta-schema come in a chunk of their own, asked for as the page mounts.
const loadJsonEditor = () => import('./JsonEditor');
const JsonEditor = lazy(loadJsonEditor);

// The parts beside the editor that a label typed does not change: memoized with stable callbacks, so
// a keystroke re-renders only the editor and the preview (issue 56: key to preview under 50 ms).
const ChecksPart = memo(DraftChecks);
const TestCasesPart = memo(TestCasesPanel);
const VersionsPart = memo(VersionsPanel);

type Mode = 'fields' | 'json';

/** Fields or JSON: drawn again only when the mode changes (MUI's tabs measure themselves on each render). */
const ModeTabs = memo(function ModeTabs({ tab, onChange }: { tab: Mode; onChange: (tab: Mode) => void }) {
  const { t } = useTranslation('configAdmin');
  return (
    <Tabs value={tab} onChange={(_e, v: Mode) => onChange(v)} aria-label={t('stages.modes')} sx={{ mb: 1 }}>
      <Tab value="fields" label={t('stages.tabs.fields')} id="stage-tab-fields" aria-controls="stage-panel-fields" data-testid="tab-fields" />
      <Tab value="json" label={t('stages.tabs.json')} id="stage-tab-json" aria-controls="stage-panel-json" data-testid="tab-json" />
    </Tabs>
  );
});

/**
 * One stage's draft being edited: the structured mode or JSON beside the live preview, save,
 * discard and publish of the shared draft (409: someone else saved first), and the versions
 * (compare, roll back, move configs). StageEditPage starts it again from the server's copy.
 */
export function DraftEditor({ stage, reload, refresh }: { stage: EditableStage; reload: () => Promise<unknown>; refresh: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation(['configAdmin', 'configurator', 'errors']);
  const notify = useNotify();
  const slug = stage.slug;
  const [start] = useState(() => startOf(stage));
  const [draft, setDraft] = useState<StageDraftValue>(start.draft);
  const [text, setText] = useState(() => show(start.draft.file));
  const [parseError, setParseError] = useState<string | null>(null);
  const [revision, setRevision] = useState<number | null>(start.revision);
  const [checked, setChecked] = useState<Checked>(start.checked);
  const [draftInfo, setDraftInfo] = useState(stage.draft ? { by: stage.draft.updated_by?.name ?? null, at: stage.draft.updated_at } : null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [tab, setTab] = useState<Mode>('fields');
  const [publishing, setPublishing] = useState<{ refused: string | null; problems: PublishProblem[] } | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [rollback, setRollback] = useState<{ version: number; note: string } | null>(null);
  const [comparing, setComparing] = useState<{ from: number; to: number } | null>(null);
  const [upgrading, setUpgrading] = useState<number | null>(null);
  const [saved, setSaved] = useState<PreviewSaved | null>(() => savedOf(stage.draft));
  // The test cases' results of the last check or save (issue 56), and whether a newer file is on its way.
  const [testResults, setTestResults] = useState<DraftTestResult[] | null | undefined>(stage.draft?.test_results);
  const [testsRunning, setTestsRunning] = useState(false);
  const jsonEditor = useRef<JsonEditorHandle>(null);

  useEffect(() => {
    void loadJsonEditor();
  }, []);

  const onText = useCallback((next: string) => {
    setText(next);
    setDirty(true);
    try {
      const file = JSON.parse(next) as unknown;
      setDraft((d) => ({ ...d, file }));
      setParseError(null);
    } catch (error) {
      setParseError((error as Error).message);
    }
  }, []);
  const onStructured = useCallback((next: StageDraftValue) => {
    setDraft(next);
    setText(show(next.file));
    setParseError(null);
    setDirty(true);
  }, []);

  // Problems, missing texts and test results of what is on screen, a moment after each edit (nothing saved).
  useLiveCheck(
    slug,
    draft.file,
    draft.labels,
    dirty && !parseError,
    useCallback((answer: CheckAnswer) => {
      setChecked(answer);
      setTestResults(answer.test_results);
      setTestsRunning(false);
    }, []),
    // No verdict (offline, refused): the panel stops saying "running" and keeps the last results.
    useCallback(() => setTestsRunning(false), []),
  );
  useEffect(() => {
    if (dirty && !parseError) setTestsRunning(true);
  }, [draft.file, dirty, parseError]);
  // A case made in the preview or changed in the panel: the draft's file changes as any edit does.
  const onCases = useCallback((file: unknown) => {
    setDraft((d) => ({ ...d, file }));
    setText(show(file));
    setParseError(null);
    setDirty(true);
  }, []);
  // The draft as last committed, for callbacks that must stay the same objects across edits.
  const committed = useRef(draft);
  useLayoutEffect(() => {
    committed.current = draft;
  }, [draft]);
  const onSaveCase = useCallback(
    (c: Parameters<typeof addCase>[1]) => {
      const added = addCase(committed.current.file, c);
      if (added) onCases(added.file);
    },
    [onCases],
  );
  const onReveal = useCallback((pointer: string) => jsonEditor.current?.reveal(pointer), []);
  const onCompare = useCallback((from: number, to: number) => setComparing({ from, to }), []);
  const onRollback = useCallback((version: number) => setRollback({ version, note: t('stages.rollbackNote', { version }) }), [t]);

  const refused = (error: unknown): CatalogueRefused | null => {
    if (!(error instanceof CatalogueRefused)) {
      notify(t('errors:unknown_error'), { type: 'error' });
      return null;
    }
    if (error.stale) setConflict(error.messages[0] ?? t('stages.conflict'));
    return error;
  };

  /** Saves the draft; true when saved. */
  const save = async (quiet = false): Promise<boolean> => {
    if (parseError) {
      notify(t('configAdmin:stages.fixJson'), { type: 'error' });
      return false;
    }
    setBusy(true);
    try {
      const file = draft.file;
      const saved = await saveDraft(slug, { file, labels: draft.labels, ...(revision !== null ? { revision } : {}) }, t);
      setSaved(savedOf({ ...saved, file }));
      setRevision(saved.revision);
      setChecked({ problems: saved.problems, missing_translations: saved.missing_translations });
      setTestResults(saved.test_results);
      setTestsRunning(false);
      setDraftInfo({ by: saved.updated_by?.name ?? null, at: saved.updated_at });
      setDirty(false);
      setConflict(null);
      if (!quiet) notify(saved.message, { type: 'success' });
      return true;
    } catch (error) {
      const r = refused(error);
      if (r && !r.stale) notify(r.messages.join('\n'), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const openPublish = async () => {
    if (dirty || revision === null) {
      if (!(await save(true))) return;
    }
    setPublishing({ refused: null, problems: [] });
  };

  const publish = async (note: string) => {
    if (revision === null) return;
    try {
      const done = await publishDraft(slug, { note, revision }, t);
      notify(done.message, { type: 'success' });
      setPublishing(null);
      setDirty(false);
      await reload();
    } catch (error) {
      const r = refused(error);
      if (!r) return;
      if (r.stale) setPublishing(null);
      else setPublishing({ refused: r.messages[0] ?? null, problems: r.problems });
    }
  };

  const discard = async () => {
    try {
      if (revision !== null) notify((await discardDraft(slug, revision, t)).message, { type: 'success' });
      setDirty(false);
      await reload();
    } catch (error) {
      const r = refused(error);
      if (r && !r.stale) notify(r.messages.join('\n'), { type: 'error' });
    }
  };

  const rollBack = async (version: number, note: string) => {
    try {
      notify((await rollbackStage(slug, { version, note }, t)).message, { type: 'success' });
      await reload();
    } catch (error) {
      const r = refused(error);
      if (r && !r.stale) notify(r.messages.join('\n'), { type: 'error' });
    }
  };

  const problems = publishing?.problems.length ? publishing.problems : checked.problems;
  const next = Math.max(...stage.versions.map((v) => v.version), stage.version) + 1;

  return (
    <Stack spacing={2}>
      <UnsavedChangesPrompt when={dirty} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" data-testid="stage-title">
            {t(stage.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="stage-status">
            {[
              slug,
              stage.version > 0 ? t('stages.currentVersion', { version: stage.version }) : t('stages.newStage.notPublished'),
              revision !== null ? t('stages.draftBy', { name: draftInfo?.by ?? t('stages.someone'), when: formatWhen(draftInfo?.at, i18n.language) }) : t('stages.editingCopy', { version: stage.version }),
              dirty ? t('stages.unsaved') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => void save()} disabled={busy || !dirty || !!conflict} data-testid="draft-save">
            {t('stages.save')}
          </Button>
          <Button variant="contained" startIcon={<PublishIcon />} onClick={() => void openPublish()} disabled={busy || !!conflict || (revision === null && !dirty)} data-testid="draft-publish">
            {t('stages.publish.open')}
          </Button>
          <Button color="warning" startIcon={<DeleteOutlineIcon />} onClick={() => setDiscarding(true)} disabled={busy || (revision === null && !dirty)} data-testid="draft-discard">
            {t('stages.discard')}
          </Button>
        </Stack>
      </Stack>

      {conflict && (
        <Alert
          severity="warning"
          data-testid="draft-conflict"
          action={
            <Button color="inherit" size="small" onClick={() => void (setDirty(false), setConflict(null), reload())} data-testid="draft-reload">
              {t('stages.reload')}
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Paper sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
          <ModeTabs tab={tab} onChange={setTab} />
          <Box role="tabpanel" id="stage-panel-fields" aria-labelledby="stage-tab-fields" hidden={tab !== 'fields'}>
            {tab === 'fields' && (parseError ? <Alert severity="warning">{t('stages.fixJsonFirst')}</Alert> : <StructuredEditor draft={draft} onChange={onStructured} disabled={busy} />)}
          </Box>
          <Box role="tabpanel" id="stage-panel-json" aria-labelledby="stage-tab-json" hidden={tab !== 'json'} sx={{ height: { md: '70vh' } }}>
            {tab === 'json' && (
              <Suspense fallback={<CircularProgress size={24} aria-label={t('stages.loading')} />}>
                <JsonEditor ref={jsonEditor} value={text} onChange={onText} label={t('stages.jsonLabel')} problems={checked.problems} />
              </Suspense>
            )}
          </Box>
          <ChecksPart parseError={parseError} tab={tab} checked={checked} onReveal={onReveal} />
        </Paper>
        <Paper sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, position: { lg: 'sticky' }, top: { lg: 72 } }}>
          <StagePreview
            file={draft.file}
            labels={draft.labels}
            saved={saved}
            canAddCase={canAddCase(draft.file)}
            onSaveCase={onSaveCase}
          />
        </Paper>
      </Box>

      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <TestCasesPart slug={slug} file={draft.file} results={testResults} running={testsRunning} onChange={onCases} disabled={busy || !!parseError} />
      </Paper>

      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('stages.versionsPanel.title')}
        </Typography>
        <VersionsPart
          key={stage.version}
          versions={stage.versions}
          current={stage.version}
          onCompare={onCompare}
          onRollback={onRollback}
          onUpgrade={setUpgrading}
          disabled={busy}
        />
      </Paper>

      {publishing && (
        <PublishDialog version={next} problems={problems} missing={checked.missing_translations} refused={publishing.refused} onClose={() => setPublishing(null)} onPublish={publish} />
      )}
      {upgrading !== null && <UpgradeDialog slug={slug} version={upgrading} onClose={() => setUpgrading(null)} onMoved={refresh} />}
      {comparing && <CompareDialog slug={slug} from={comparing.from} to={comparing.to} onClose={() => setComparing(null)} />}
      {discarding && (
        <ConfirmDialog open title={t('stages.discardQuestion')} confirmLabel={t('stages.discard')} tone="warning" onClose={() => setDiscarding(false)} onConfirm={discard} testId="discard-dialog">
          {t('stages.discardText', { version: stage.version })}
        </ConfirmDialog>
      )}
      {rollback && <RollbackDialog rollback={rollback} next={next} onChange={setRollback} onRollBack={rollBack} />}
    </Stack>
  );
}
