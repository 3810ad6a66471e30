import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Box, Breadcrumbs, Button, LinearProgress, Link, Typography } from '@mui/material';
import type { ErrorSchema } from '@rjsf/utils';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { hasStage, stageDefaults } from '../../engine';
import { StageForm, useStageContext, type ConfigDoc, type SaveState } from '../../engine/react';
import { PERMISSIONS, hasPermission } from '../auth/permissions';
import { HttpError } from '../http';
import { useSession } from '../session/useSession';
import { writeStage, type ConfigDetail } from './api';
import { StateChip } from './parts';
import { useConfig } from './useConfig';

/** A 422's `{detail, field}` list as an rjsf error tree (`field` is a JSON pointer into the stage data). */
export function serverErrorSchema(errors: Array<{ detail?: string; field?: string }>): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const e of errors) {
    if (!e.field || !e.detail) continue;
    const parts = e.field.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(e.detail);
  }
  return root as ErrorSchema;
}

/** Thrown by the save callback so the buttons know what the server said. */
class SaveFailure extends Error {
  constructor(readonly kind: 'conflict' | 'invalid' | 'other', message: string, readonly errors: ErrorSchema = {}) {
    super(message);
  }
}

/** Save draft and Submit, inside the form so they reach its controller (to show a 422's field errors). */
function StageActions({ onConflict }: { onConflict(): void }) {
  const controller = useStageContext();
  const notify = useNotify();
  const { t } = useTranslation(['common', 'validation']);
  const [busy, setBusy] = useState(false);
  const save = async (state: SaveState) => {
    setBusy(true);
    try {
      const ok = await controller.save(state);
      if (!ok) notify(t('validation:generic.incomplete', { defaultValue: 'Please make sure that all required fields are complete.' }), { type: 'error' });
    } catch (err) {
      const failure = err instanceof SaveFailure ? err : new SaveFailure('other', t('errors:unknown_error', { defaultValue: 'There was an unknown error.' }));
      if (failure.kind === 'conflict') onConflict();
      if (failure.kind === 'invalid') controller.store.setState({ ...controller.store.getState(), errors: failure.errors });
      notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
      <Button variant="outlined" disabled={busy} onClick={() => void save('draft')} data-testid="stage-save">
        {t('configPages.saveDraft')}
      </Button>
      <Button variant="contained" disabled={busy} onClick={() => void save('submitted')} data-testid="stage-submit">
        {t('configPages.submit')}
      </Button>
    </Box>
  );
}

function StageEditor({ config, slug, onSaved, onReload }: { config: ConfigDetail; slug: string; onSaved(next: ConfigDetail, remount: boolean): void; onReload(): void }) {
  const { t } = useTranslation(['common', 'configurator']);
  const notify = useNotify();
  const { user } = useSession();
  const [conflict, setConflict] = useState(false);
  const stage = config.stages.find((s) => s.slug === slug);
  // The version the next write is based on: the last answer's, without re-creating the form.
  const version = useRef(config.version);
  // The form's document is the one loaded (a stage never saved starts from its defaults); later
  // answers only move the version on.
  const [doc] = useState<ConfigDoc>(() =>
    config.data[slug] === undefined && hasStage(slug) ? { ...config.data, [slug]: stageDefaults(slug) } : config.data,
  );

  const onSave = useCallback(
    async (data: unknown, _doc: ConfigDoc, state: SaveState) => {
      try {
        const answer = await writeStage(config, { slug, data, state, version: version.current, action: 'save' });
        if (!answer) return;
        version.current = answer.version;
        notify(state === 'submitted' ? t('configPages.updated') : t('configPages.saved'), { type: 'success' });
        onSaved(answer, state === 'submitted');
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) throw new SaveFailure('conflict', t('configPages.conflict'));
        if (err instanceof HttpError && err.status === 422) {
          const body = err.body as { message?: string; errors?: Array<{ detail?: string; field?: string }> };
          throw new SaveFailure('invalid', body.message ?? err.messages[0] ?? '', serverErrorSchema(body.errors ?? []));
        }
        throw new SaveFailure('other', err instanceof HttpError ? err.messages.join('\n') : t('errors:unknown_error', { defaultValue: 'There was an unknown error.' }));
      }
    },
    [config, slug, notify, t, onSaved],
  );

  if (!stage) return <Alert severity="error">{t('configPages.unknownStage')}</Alert>;
  if (!stage.open) return <Alert severity="info">{t('configPages.locked')}</Alert>;
  const readonly = stage.state === 'submitted' && !hasPermission(user, PERMISSIONS.manageConfigs);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" data-testid="page-title">
          {t(stage.title)}
        </Typography>
        <StateChip state={stage.state} />
      </Box>
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="stage-conflict"
          action={
            <Button color="inherit" size="small" onClick={onReload}>
              {t('configPages.reload')}
            </Button>
          }
        >
          {t('configPages.conflict')}
        </Alert>
      )}
      {readonly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stage-readonly">
          {t('configPages.readonly')}
        </Alert>
      )}
      <StageForm slug={slug} doc={doc} onSave={onSave} readonly={readonly} hideActions>
        {!readonly && <StageActions onConflict={() => setConflict(true)} />}
      </StageForm>
    </>
  );
}

/** `/configurator/{id}/{slug}`: one stage in the engine's StageForm, saved with the config's version. */
export default function ConfigStagePage() {
  const { t } = useTranslation();
  const { id = '', slug = '' } = useParams();
  const { config, failed, reload, setConfig } = useConfig(id);
  // A new key re-creates the form from the loaded document (after Reload or a submission).
  const [generation, setGeneration] = useState(0);
  const onSaved = useCallback(
    (next: ConfigDetail, remount: boolean) => {
      if (!remount) return;
      setConfig(next);
      setGeneration((g) => g + 1);
    },
    [setConfig],
  );
  const onReload = useCallback(() => {
    void reload().then(() => setGeneration((g) => g + 1));
  }, [reload]);
  const key = useMemo(() => `${id}/${slug}/${generation}`, [id, slug, generation]);

  return (
    <Box data-testid="config-stage-page" sx={{ maxWidth: 1100 }}>
      {config && (
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to={`/configurator/${config.id}/dashboard`} data-testid="stage-back">
            {config.name}
          </Link>
        </Breadcrumbs>
      )}
      {!config && !failed && <LinearProgress />}
      {failed && <Alert severity="error">{t('configPages.loadFailed')}</Alert>}
      {config && <StageEditor key={key} config={config} slug={slug} onSaved={onSaved} onReload={onReload} />}
    </Box>
  );
}
