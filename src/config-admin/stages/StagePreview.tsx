import RestartAltIcon from '@mui/icons-material/RestartAlt';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import i18next, { type i18n as I18n } from 'i18next';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { COMPANY_REGIONS, DEFAULT_REGION, deepEqual, LOCALES, type ConfigDocument, type StageTestCase } from '../../../engine';
import { regionName } from '../../i18n/dataWords';
import { LOCALE_NAMES } from '../../i18n/locales';
import { StageForm, type ConfigDoc } from '../../../engine/react';
import { loadNamespace } from '../../i18n/i18n';
import { checkedPreviewStage, previewEngine, previewStage, type PreviewStage } from './previewEngine';
import { loadValidatorModule } from '../../data/validatorModules';
import type { Labels } from '../fields/model/types';
import { ConfigPickerDialog, type ConfigData } from './testCases/ConfigPickerDialog';
import { SaveCaseDialog } from './testCases/SaveCaseDialog';

const NAMESPACES = ['configurator', 'validation', 'common', 'signIn', 'errors'];

/**
 * The preview's own i18next: a copy of the app's texts, plus the draft's labels, so a label typed
 * in the editor shows in the form without changing the rest of the app's texts.
 *
 * It reaches the form through the preview's own I18nextProvider only. `initReactI18next` is not
 * used on it: that plugin makes its instance react-i18next's global one, and every screen outside a
 * provider would then read this copy (four namespaces, no backend) and show text keys until a
 * reload (issue 54).
 */
function usePreviewI18n(app: I18n, locale: string, labels: Labels): { instance: I18n; version: number; labelled: Labels } {
  const [instance] = useState(() => {
    const copy = i18next.createInstance();
    void copy.init({
      initAsync: false,
      showSupportNotice: false,
      lng: app.language,
      fallbackLng: 'en-GB',
      resources: JSON.parse(JSON.stringify(app.store.data)) as Record<string, Record<string, Record<string, unknown>>>,
      ns: NAMESPACES,
      defaultNS: 'common',
      // The sign-in page's texts (app.loading, ...) live in `signIn`: found as common's, as in the app.
      fallbackNS: ['signIn'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return copy;
  });
  const [version, setVersion] = useState(0);
  const added = useRef<Record<string, Set<string>>>({});
  // The locale shown: its texts are loaded as the app loads them, before it is chosen.
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const ns of NAMESPACES) {
        if (instance.hasResourceBundle(locale, ns)) continue;
        const data = await loadNamespace(locale, ns).catch(() => ({}));
        instance.addResourceBundle(locale, ns, data, true, false);
      }
      if (!live) return;
      await instance.changeLanguage(locale);
      if (live) setVersion((v) => v + 1);
    })();
    return () => {
      live = false;
    };
  }, [instance, locale]);
  // The draft's labels over the portal's texts (a label removed from the draft is removed here too),
  // put in while rendering: an effect and a state change drew the whole preview twice per keystroke.
  // Writing the same texts again is harmless, so a render React repeats or drops changes nothing.
  const labelled = useMemo(() => {
    for (const [lng, keys] of Object.entries(added.current)) for (const key of keys) if (labels[lng]?.[key] === undefined) instance.addResource(lng, 'configurator', key, (app.getResource(lng, 'configurator', key) as string | undefined) ?? `configurator:${key}`, { silent: true });
    const next: Record<string, Set<string>> = {};
    for (const [lng, texts] of Object.entries(labels)) {
      next[lng] = new Set(Object.keys(texts));
      for (const [key, text] of Object.entries(texts)) instance.addResource(lng, 'configurator', key, text, { silent: true });
    }
    added.current = next;
    return labels;
  }, [app, instance, labels]);
  return { instance, version, labelled };
}

/** The draft as the server holds it: its file, and its validators (null while it has problems). */
export interface SavedDraft {
  file: unknown;
  /** The validator module's address under the API (`/stage-validators/<hash>.js`). */
  validator: string | null;
  /** The key its validators are registered under (`<slug>@draft-<hash>`). */
  key: string | null;
}

export interface StagePreviewProps {
  /** The draft file as last parsed (the editor keeps its last good one while the JSON is broken). */
  file: unknown;
  labels: Labels;
  /** The saved draft: while `file` is still its file, the field checks run with its validators. */
  saved?: SavedDraft | null;
  /** "Save this as a test case" (issue 56): the case made from the data shown; absent: no button. */
  onSaveCase?: (c: Omit<StageTestCase, 'id'>) => void;
  /** Another case fits in the file (at most 50). */
  canAddCase?: boolean;
}

/** The saved draft's validators, imported once per module: the module's address when they are registered. */
function useDraftValidators(validator: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!validator) return;
    let live = true;
    loadValidatorModule(validator).then(
      () => live && setLoaded(validator),
      // Not loaded (offline, or the server forgot an old draft's module): the preview stays unchecked.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [validator]);
  return validator && loaded === validator ? loaded : null;
}

/** The form itself: remade only when the stage or the sample data start again. */
const PreviewForm = memo(function PreviewForm({ slug, stage, doc, engine, onChange, readonly }: { slug: string; stage: { schema: RJSFSchema; uiSchema: UiSchema }; doc: ConfigDoc; engine: ReturnType<typeof previewEngine>; onChange: (doc: ConfigDoc) => void; readonly?: boolean }) {
  return <StageForm slug={slug} stage={stage} doc={doc} engine={engine} onChange={onChange} hideActions validateDelay={150} readonly={readonly} />;
});

/**
 * The draft in the real StageForm, updated as it changes, with sample data the editor can type
 * into (kept across edits of the file; "Start again" returns to the draft's defaults). Rules run
 * with the draft's definition in place of the shipped one; checks that need compiled validators wait
 * for the server (saving the draft lists its problems).
 */
export function StagePreview({ file, labels, saved, onSaveCase, canAddCase = true }: StagePreviewProps) {
  const { t, i18n } = useTranslation(['configAdmin', 'common']);
  const [locale, setLocale] = useState<string>(() => (LOCALES as readonly string[]).includes(i18n.language) ? i18n.language : 'en-GB');
  const { instance, version, labelled } = usePreviewI18n(i18n, locale, labels);
  const [unchecked, setUnchecked] = useState(false);
  const loaded = useDraftValidators(saved?.validator);
  // The saved draft's key and validators while the file is still the saved one (same object after
  // a save; a deep compare otherwise, well under a millisecond for the largest stage).
  // Test cases are left out: they change no validator, so a case added stays checkable.
  const asSaved = useMemo(() => !!saved && deepEqual(withoutTests(file), withoutTests(saved.file)), [file, saved]);
  const checkedKey = loaded && asSaved && saved?.key ? saved.key : null;

  // The last file that made a stage: a broken file keeps the preview on it, and says why.
  const last = useRef<PreviewStage | null>(null);
  const built = useMemo(() => {
    try {
      const preview = checkedKey ? checkedPreviewStage(file, checkedKey) : previewStage(file);
      last.current = preview;
      return { preview, error: null as string | null };
    } catch (error) {
      return { preview: last.current, error: (error as Error).message };
    }
  }, [file, checkedKey]);
  const current = useRef(built.preview);
  current.current = built.preview;
  // The company the sample stands for (a loaded config's own when one is shown): its region is what
  // a `visibleIf` on `$company.region` reads. A new engine per region: the form reads it once.
  const [sampleRegion, setSampleRegion] = useState<string>(DEFAULT_REGION);
  const [config, setConfig] = useState<ConfigData | null>(null);
  const region = config ? config.region : sampleRegion;
  const engine = useMemo(() => previewEngine(() => current.current, () => setUnchecked(true), { region }), [region]);

  const definition = built.preview?.definition ?? null;
  const slug = definition?.slug ?? 'stage';
  // New objects when the labels change, so the form translates its titles again with the new texts.
  const stage = useMemo(
    // The uiSchema a new object (the form translates the fields' titles into it again), the schema the
    // same: a new schema is rjsf's root schema, for which every field of the form drew itself again.
    () => (definition ? { schema: definition.schema as RJSFSchema, uiSchema: { ...(definition.uiSchema as UiSchema) }, version, labelled } : null),
    [definition, version, labelled],
  );
  const [run, setRun] = useState(0);
  const keep = useCallback((next: ConfigDoc) => {
    sample.current = next;
  }, []);
  const sample = useRef<ConfigDoc | null>(null);
  // A real config's data is shown instead of the sample (read-only: nothing is written to it): `config` above.
  const [picking, setPicking] = useState(false);
  const [caseDoc, setCaseDoc] = useState<ConfigDoc | null>(null);
  // The data typed so far, kept while the file changes under it; the draft's defaults at first.
  const doc = useMemo<ConfigDoc>(() => {
    void run;
    const defaults = () => (definition ? (JSON.parse(JSON.stringify(definition.defaults)) as unknown) : {});
    if (config) return { ...config.data, [slug]: config.data[slug] ?? defaults() } as ConfigDoc;
    return sample.current ?? (definition ? { [slug]: defaults() } : {});
    // Only a new run, another config (or the first definition) starts the data again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, slug, definition === null, config]);

  // The bar above the form is memoized with these stable callbacks: a label typed redraws the form only.
  const startAgain = useCallback(() => {
    sample.current = null;
    setRun((r) => r + 1);
  }, []);
  const openPicker = useCallback(() => setPicking(true), []);
  const caseFrom = useRef<() => ConfigDoc>(() => doc);
  caseFrom.current = () => (config ? doc : sample.current) ?? doc;
  const saveCase = useCallback(() => setCaseDoc(caseFrom.current()), []);

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }} data-testid="stage-preview">
      <PreviewBar
        locale={locale}
        onLocale={setLocale}
        region={region}
        onRegion={setSampleRegion}
        showsConfig={!!config}
        onStartAgain={startAgain}
        onLoadConfig={openPicker}
        caseOffered={!!onSaveCase}
        caseReady={!!built.preview?.checked && canAddCase}
        onSaveCase={saveCase}
      />
      {onSaveCase && (!built.preview?.checked || !canAddCase) && (
        <Typography variant="caption" color="text.secondary" data-testid="preview-save-case-hint">
          {canAddCase ? t('stages.testCases.saveFirst') : t('stages.testCases.full')}
        </Typography>
      )}
      {config && (
        <Alert
          severity="info"
          data-testid="preview-config"
          action={
            <Button color="inherit" size="small" onClick={() => setConfig(null)} data-testid="preview-back-to-sample">
              {t('stages.testCases.backToSample')}
            </Button>
          }
        >
          {t('stages.testCases.configData', { config: config.company ? `${config.name} (${config.company})` : config.name })}
        </Alert>
      )}
      {built.error && (
        <Alert severity="warning" data-testid="preview-error">
          {definition ? t('stages.preview.kept', { reason: built.error }) : built.error}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" data-testid="preview-unchecked" data-checked={built.preview?.checked ? 'true' : 'false'}>
        {built.preview?.checked ? t('stages.preview.checked') : asSaved && !saved?.validator ? t('stages.preview.savedWithProblems') : unchecked ? t('stages.preview.unchecked') : t('stages.preview.rulesOnly')}
      </Typography>
      {stage && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 2 }, bgcolor: 'background.paper' }} lang={locale}>
          <I18nextProvider i18n={instance}>
            <PreviewForm
              key={`${slug}-${run}-${config?.id ?? 'sample'}-${region ?? ''}`}
              slug={slug}
              stage={stage}
              doc={doc}
              engine={engine}
              onChange={config ? ignore : keep}
              readonly={!!config}
            />
          </I18nextProvider>
        </Box>
      )}
      {/* Mounted only while open: closed, it still rendered its list on every keystroke in the editor. */}
      {picking && (
        <ConfigPickerDialog
          open
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            setConfig(picked);
            setPicking(false);
          }}
        />
      )}
      {onSaveCase && built.preview && caseDoc !== null && (
        <SaveCaseDialog
          open={caseDoc !== null}
          preview={built.preview}
          file={file}
          doc={(caseDoc ?? {}) as ConfigDocument}
          region={region}
          onClose={() => setCaseDoc(null)}
          onSave={(c) => {
            onSaveCase(c);
            setCaseDoc(null);
          }}
        />
      )}
    </Stack>
  );
}

interface PreviewBarProps {
  locale: string;
  onLocale(locale: string): void;
  region: string | null;
  onRegion(region: string): void;
  /** A real config's data is shown: its region is the config's, and there is no sample to start again. */
  showsConfig: boolean;
  onStartAgain(): void;
  onLoadConfig(): void;
  /** "Save this as a test case" is offered (by the editor), and can be used now. */
  caseOffered: boolean;
  caseReady: boolean;
  onSaveCase(): void;
}

/** The preview's title, its language and region, and its sample's buttons: drawn again only when they change. */
const PreviewBar = memo(function PreviewBar({ locale, onLocale, region, onRegion, showsConfig, onStartAgain, onLoadConfig, caseOffered, caseReady, onSaveCase }: PreviewBarProps) {
  const { t, i18n } = useTranslation(['configAdmin', 'common']);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {t('stages.preview.title')}
      </Typography>
      <TextField select size="small" label={t('stages.preview.locale')} value={locale} onChange={(e) => onLocale(e.target.value)} sx={{ width: 220 }} slotProps={{ htmlInput: { 'data-testid': 'preview-locale' } }}>
        {LOCALES.map((l) => (
          <MenuItem key={l} value={l}>
            {/* Each language in its own words, as the app's language menu names them. */}
            {LOCALE_NAMES[l]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('stages.preview.region')}
        value={region ?? ''}
        onChange={(e) => onRegion(e.target.value)}
        disabled={showsConfig}
        sx={{ width: 180 }}
        // Native: a phone's own picker, and one value to set for a test.
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'preview-region' } }}
      >
        {COMPANY_REGIONS.map((r) => (
          <option key={r} value={r}>
            {regionName({ slug: r, name: r.toUpperCase() }, i18n.language)}
          </option>
        ))}
      </TextField>
      {!showsConfig && (
        <Button size="small" startIcon={<RestartAltIcon />} onClick={onStartAgain}>
          {t('stages.preview.startAgain')}
        </Button>
      )}
      <Button size="small" startIcon={<FolderOpenIcon />} onClick={onLoadConfig} data-testid="preview-load-config">
        {t('stages.testCases.loadConfig')}
      </Button>
      {caseOffered && (
        <Button
          size="small"
          startIcon={<PlaylistAddCheckIcon />}
          // The engine judges the case with the saved draft's validators: an unsaved file has none.
          disabled={!caseReady}
          onClick={onSaveCase}
          data-testid="preview-save-case"
        >
          {t('stages.testCases.saveFromPreview')}
        </Button>
      )}
    </Stack>
  );
});

/** A stage file without its test cases (`tests`), which no validator reads. */
function withoutTests(file: unknown): unknown {
  if (!file || typeof file !== 'object' || !('tests' in file)) return file;
  const { tests: _tests, ...rest } = file as Record<string, unknown>;
  return rest;
}

/** The read-only form's changes are not kept (a config's data is only shown). */
const ignore = () => {};
