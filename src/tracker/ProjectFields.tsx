import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES } from '../../contract/projects';
import { DateField } from '../forms/DateField';
import type { Choice } from './api';
import { RemotePicker } from './RemotePicker';
import type { ProjectType } from './types';

export interface ProjectFieldValues {
  name: string;
  project_type: ProjectType | '';
  project_manager: Choice | null;
  account_manager: Choice | null;
  start_date: string;
  launch_date: string;
}

/** The fields a project is created and edited with: name, project type, the two managers (staff), start and launch dates. */
export function ProjectFields({ values, onChange, errors = {}, namePlaceholder }: { values: ProjectFieldValues; onChange(next: ProjectFieldValues): void; errors?: Partial<Record<keyof ProjectFieldValues, string>>; namePlaceholder?: string }) {
  const { t } = useTranslation('tracker');
  const set = <K extends keyof ProjectFieldValues>(key: K, value: ProjectFieldValues[K]) => onChange({ ...values, [key]: value });
  return (
    <Stack spacing={2}>
      <TextField label={t('fields.name')} value={values.name} placeholder={namePlaceholder} onChange={(e) => set('name', e.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? (namePlaceholder === undefined ? undefined : t('create.nameHelp'))} slotProps={{ htmlInput: { 'data-testid': 'project-name-input', maxLength: 255 } }} />
      <TextField select label={t('fields.projectType')} required value={values.project_type} onChange={(e) => set('project_type', e.target.value as ProjectType)} error={Boolean(errors.project_type)} helperText={errors.project_type} data-testid="project-type">
        {PROJECT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RemotePicker kind="user" label={t('fields.projectManager')} value={values.project_manager} onChange={(v) => set('project_manager', v)} error={errors.project_manager} testId="project-pm" />
        <RemotePicker kind="user" label={t('fields.accountManager')} value={values.account_manager} onChange={(v) => set('account_manager', v)} error={errors.account_manager} testId="project-am" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField fullWidth label={t('fields.startDate')} value={values.start_date} onChange={(v) => set('start_date', v)} error={Boolean(errors.start_date)} helperText={errors.start_date} data-testid="project-start" />
        <DateField fullWidth label={t('fields.launchDate')} value={values.launch_date} onChange={(v) => set('launch_date', v)} error={Boolean(errors.launch_date)} helperText={errors.launch_date} data-testid="project-launch" />
      </Stack>
    </Stack>
  );
}
