import { Autocomplete, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LocalNames } from '../../../contract/names';
import { PROJECT_TYPES, type ProjectType } from '../../../contract/projects';
import type { TaskType } from '../../../contract/tasks';
import { TASK_TRIGGERS, type TaskTrigger } from '../../../contract/tracker';
import { LocalNamesInput } from '../../forms/LocalNamesInput';
import { useDataWords } from '../../i18n/dataWords';

export interface TemplateDraft {
  id?: number;
  name: string;
  names: LocalNames;
  description: string;
  task_type_id: number | '';
  project_types: ProjectType[];
  due_days: string;
  milestone: boolean;
  trigger: TaskTrigger | '';
}

/** The draft as the API's write body (blank due days and description as none). */
export const templateBody = (d: TemplateDraft) => ({
  name: d.name,
  names: d.names,
  description: d.description.trim() ? d.description : null,
  ...(d.task_type_id === '' ? {} : { task_type_id: d.task_type_id }),
  project_types: d.project_types,
  due_days: d.due_days.trim() === '' ? null : Number(d.due_days),
  milestone: d.milestone,
  trigger: d.trigger === '' ? null : d.trigger,
});

/** The fields of a task template, with the server's refusals under them (`errors` by field). */
export function TemplateForm({ draft, onChange, types, errors }: { draft: TemplateDraft; onChange: (d: TemplateDraft) => void; types: TaskType[]; errors: Record<string, string> }) {
  const { t } = useTranslation('tasks');
  const words = useDataWords();
  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <TextField label={t('templates.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} required autoFocus error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 150 } }} />
      <LocalNamesInput value={draft.names} onChange={(names) => set('names', names)} errors={errors} testId="template-names" />
      <TextField label={t('templates.description')} value={draft.description} onChange={(e) => set('description', e.target.value)} multiline minRows={2} error={Boolean(errors.description)} helperText={errors.description} />
      <TextField select label={t('templates.type')} value={draft.task_type_id} onChange={(e) => set('task_type_id', Number(e.target.value))} required error={Boolean(errors.task_type_id)} helperText={errors.task_type_id} data-testid="template-type">
        {types.map((type) => (
          <MenuItem key={type.id} value={type.id}>
            {words.taskType(type)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        options={[...PROJECT_TYPES]}
        value={draft.project_types}
        onChange={(_, value) => set('project_types', value)}
        getOptionLabel={(o) => t(`projectTypes.${o}`)}
        renderInput={(params) => <TextField {...params} label={t('templates.projectTypes')} error={Boolean(errors.project_types)} helperText={errors.project_types ?? t('templates.projectTypesHelp')} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('templates.dueDays')}
          type="number"
          value={draft.due_days}
          onChange={(e) => set('due_days', e.target.value)}
          error={Boolean(errors.due_days)}
          helperText={errors.due_days ?? t('templates.dueDaysHelp')}
          slotProps={{ htmlInput: { min: 0, max: 3650, step: 1, inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
        <TextField select label={t('templates.trigger')} value={draft.trigger} onChange={(e) => set('trigger', e.target.value as TaskTrigger | '')} error={Boolean(errors.trigger)} helperText={errors.trigger ?? t('templates.triggerHelp')} sx={{ flex: 1 }}>
          <MenuItem value="">{t('triggers.none')}</MenuItem>
          {TASK_TRIGGERS.map((trigger) => (
            <MenuItem key={trigger} value={trigger}>
              {t(`triggers.${trigger}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel control={<Switch checked={draft.milestone} onChange={(e) => set('milestone', e.target.checked)} />} label={t('templates.milestone')} />
    </>
  );
}
