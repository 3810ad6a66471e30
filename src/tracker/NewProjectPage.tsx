import { Alert, Box, Button, Card, CardContent, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import { createProject, type Choice } from './api';
import { ConfigAgreementSelects } from './ConfigAgreementSelects';
import { projectFieldErrors } from './fieldErrors';
import { trackerProfilePath } from '../routing/paths/tracker';
import { ProjectFields, type ProjectFieldValues } from './ProjectFields';
import { RemotePicker } from './RemotePicker';
import { failureText, useTrackerWrite } from './useTrackerWrites';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `/tracker/new` ('create projects'): a project for a company, picked by search, with its config
 * and agreement (the company's), managers, project type and dates. 'Project Created', then the
 * project's profile (its board).
 */
export default function NewProjectPage() {
  const { t } = useTranslation('tracker');
  const notify = useNotify();
  const navigate = useNavigate();
  const [company, setCompany] = useState<Choice | null>(null);
  const [configId, setConfigId] = useState<number | ''>('');
  const [agreementId, setAgreementId] = useState<number | ''>('');
  const [values, setValues] = useState<ProjectFieldValues>({ name: '', project_type: '', project_manager: null, account_manager: null, start_date: today(), launch_date: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = useTrackerWrite(null, createProject);

  const submit = () => {
    const missing: Record<string, string> = {};
    if (!company) missing.company = t('validation.required');
    if (!values.project_type) missing.project_type = t('validation.required');
    if (values.launch_date && values.start_date && values.launch_date < values.start_date) missing.launch_date = t('validation.launchBeforeStart');
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length || !company || !values.project_type) return;
    create.mutate(
      {
        company_id: company.id,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        project_type: values.project_type,
        config_id: configId === '' ? null : configId,
        agreement_id: agreementId === '' ? null : agreementId,
        project_manager_id: values.project_manager?.id ?? null,
        account_manager_id: values.account_manager?.id ?? null,
        start_date: values.start_date || null,
        launch_date: values.launch_date || null,
      },
      {
        onSuccess: (project) => {
          if (!project) return;
          notify(t('errors:projects.created'), { type: 'success' });
          navigate(trackerProfilePath(project.id));
        },
        onError: (error) => {
          setErrors(projectFieldErrors(error, t));
          setProblem(failureText(error, t('failed')));
        },
      },
    );
  };

  return (
    <Box data-testid="tracker-new-page">
      <PageHeading />
      <Card variant="outlined" sx={{ maxWidth: 760 }}>
        <CardContent>
          <Stack spacing={2} component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <RemotePicker
              kind="company"
              label={t('fields.company')}
              required
              value={company}
              onChange={(c) => {
                setCompany(c);
                setConfigId('');
                setAgreementId('');
              }}
              error={errors.company}
              testId="project-company"
            />
            <ConfigAgreementSelects companyId={company?.id ?? null} configId={configId} agreementId={agreementId} onConfig={setConfigId} onAgreement={setAgreementId} />
            <ProjectFields values={values} onChange={setValues} errors={errors} namePlaceholder={company ? t('create.namePlaceholder', { company: company.name }) : ''} />
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" disabled={create.isPending} data-testid="project-create">
                {t('create.submit')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
