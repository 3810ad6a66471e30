import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDataWords } from '../../i18n/dataWords';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { deleteProject, updateProject } from '../api';
import { ConfigAgreementSelects } from '../ConfigAgreementSelects';
import { projectFieldErrors } from '../fieldErrors';
import { trackerAllPath } from '../../routing/paths/tracker';
import { ProjectFields, type ProjectFieldValues } from '../ProjectFields';
import type { ProjectDetail } from '../types';
import { failureText, useTrackerWrite } from '../useTrackerWrites';

const managerOf = (m: ProjectDetail['project_manager']) => (m ? { id: m.id, name: m.name } : null);

/**
 * The Details tab: the project's fields (name, type, managers, dates, config, agreement), its meta
 * as key-value pairs, and deleting the project (asked first; its tasks, groups, variations,
 * stakeholders, notes and risks go with it). A stale save (another manager saved first) is the
 * server's 409 in its words.
 */
export function DetailsTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const notify = useNotify();
  const navigate = useNavigate();
  const [values, setValues] = useState<ProjectFieldValues>({
    name: project.name,
    project_type: project.project_type,
    project_manager: managerOf(project.project_manager),
    account_manager: managerOf(project.account_manager),
    start_date: project.start_date ?? '',
    launch_date: project.launch_date ?? '',
  });
  const [configId, setConfigId] = useState<number | ''>(project.config?.id ?? '');
  const [agreementId, setAgreementId] = useState<number | ''>(project.agreement?.id ?? '');
  const [meta, setMeta] = useState<Array<[string, string]>>(Object.entries(project.meta ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const save = useTrackerWrite(project.id, async () =>
    updateProject(project.id, {
      name: values.name.trim(),
      ...(values.project_type ? { project_type: values.project_type } : {}),
      project_manager_id: values.project_manager?.id ?? null,
      account_manager_id: values.account_manager?.id ?? null,
      start_date: values.start_date || null,
      launch_date: values.launch_date || null,
      config_id: configId === '' ? null : configId,
      agreement_id: agreementId === '' ? null : agreementId,
      meta: Object.fromEntries(meta.filter(([k]) => k.trim()).map(([k, v]) => [k.trim(), v])),
      version: project.version,
    }), t('errors:projects.updated'));
  const remove = useTrackerWrite(null, async () => deleteProject(project.id));
  const submit = () => {
    setProblem(null);
    if (!values.name.trim()) return setErrors({ name: t('validation.required') });
    setErrors({});
    save.mutate(undefined, {
      onError: (error) => {
        setErrors(projectFieldErrors(error, t));
        setProblem(failureText(error, t('failed')));
      },
    });
  };
  return (
    <Box data-testid="details-tab" sx={{ maxWidth: 760 }}>
      <Stack spacing={2} component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <fieldset disabled={!edit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack spacing={2}>
            <ProjectFields values={values} onChange={setValues} errors={errors} />
            <ConfigAgreementSelects companyId={project.company_id} configId={configId} agreementId={agreementId} onConfig={setConfigId} onAgreement={setAgreementId} />
            <Typography component="h2" variant="subtitle1">
              {t('details.meta')}
            </Typography>
            {meta.map(([key, value], i) => (
              <Stack key={i} direction="row" spacing={1}>
                <TextField size="small" label={t('details.metaKey')} value={key} onChange={(e) => setMeta(meta.map((m, j) => (j === i ? [e.target.value, m[1]] : m)))} />
                <TextField size="small" fullWidth label={t('details.metaValue')} value={value} onChange={(e) => setMeta(meta.map((m, j) => (j === i ? [m[0], e.target.value] : m)))} />
                <IconButton aria-label={t('details.metaRemove', { key })} onClick={() => setMeta(meta.filter((_m, j) => j !== i))}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => setMeta([...meta, ['', '']])}>
                {t('details.metaAdd')}
              </Button>
            </Box>
          </Stack>
        </fieldset>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        {edit ? (
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="details-save">
              {t('actions.save')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button color="error" variant="outlined" onClick={() => setConfirm(true)} data-testid="project-delete">
              {t('details.delete')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirm}
        title={t('details.deleteTitle')}
        confirmLabel={t('actions.delete')}
        tone="error"
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          await remove.mutateAsync(undefined).then(
            () => {
              notify(t('errors:projects.deleted'), { type: 'success' });
              navigate(trackerAllPath);
            },
            () => undefined,
          );
        }}
        testId="project-delete-dialog"
      >
        {t('details.deleteText', { name: words.project(project.name, project.company_name) })}
      </ConfirmDialog>
    </Box>
  );
}
