import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../forms/DateField';
import { useDataWords } from '../../i18n/dataWords';
import type { Choice } from '../api';
import { RemotePicker } from '../RemotePicker';
import type { ProjectTask, ProjectTaskGroup, TaskStage } from '../types';

export interface TaskDialogValues {
  name: string;
  description: string | null;
  assignee_id: number | null;
  due_date: string | null;
  milestone: boolean;
  project_task_type_id: number;
  stage_id: number;
}

export interface TaskDialogProps {
  /** The task to edit, or null to add a custom task. */
  task: ProjectTask | null;
  groups: readonly ProjectTaskGroup[];
  stages: readonly TaskStage[];
  defaultGroupId: number | null;
  busy?: boolean;
  error?: string | null;
  onClose(): void;
  onSave(values: TaskDialogValues): void;
  /** Delete the task (asked first by the caller). */
  onDelete?(): void;
}

/** Add a custom task, or edit one: name, description, group, stage, assignee, due date, milestone. */
export function TaskDialog({ task, groups, stages, defaultGroupId, busy = false, error, onClose, onSave, onDelete }: TaskDialogProps) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const [name, setName] = useState(task?.name ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [assignee, setAssignee] = useState<Choice | null>(task?.assignee ?? null);
  const [due, setDue] = useState(task?.due_date ?? '');
  const [milestone, setMilestone] = useState(task?.milestone ?? false);
  const [groupId, setGroupId] = useState<number | ''>(task?.project_task_type_id ?? defaultGroupId ?? groups[0]?.id ?? '');
  const [stageId, setStageId] = useState<number | ''>(task?.stage_id ?? stages[0]?.id ?? '');
  const [touched, setTouched] = useState(false);
  const nameMissing = touched && !name.trim();
  const groupMissing = touched && groupId === '';
  const submit = () => {
    setTouched(true);
    if (!name.trim() || groupId === '' || stageId === '') return;
    onSave({ name: name.trim(), description: description.trim() || null, assignee_id: assignee?.id ?? null, due_date: due || null, milestone, project_task_type_id: groupId, stage_id: stageId });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="task-dialog-title" data-testid="task-dialog">
      <DialogTitle id="task-dialog-title">{task ? t('task.editTitle') : t('task.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }} component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <TextField label={t('fields.taskName')} value={name} onChange={(e) => setName(e.target.value)} required error={nameMissing} helperText={nameMissing ? t('validation.required') : error ?? undefined} slotProps={{ htmlInput: { 'data-testid': 'task-name', maxLength: 255 } }} autoFocus />
          <TextField label={t('fields.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'task-description' } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select fullWidth label={t('fields.group')} value={groupId} onChange={(e) => setGroupId(Number(e.target.value))} required error={groupMissing} helperText={groupMissing ? t('validation.required') : undefined}>
              {groups.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {words.taskType(g)}
                </MenuItem>
              ))}
            </TextField>
            {task ? null : (
              <TextField select fullWidth label={t('fields.stage')} value={stageId} onChange={(e) => setStageId(Number(e.target.value))}>
                {stages.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {words.taskStage(s)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          <RemotePicker kind="user" label={t('fields.assignee')} value={assignee} onChange={setAssignee} testId="task-assignee" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <DateField label={t('fields.dueDate')} value={due} onChange={setDue} data-testid="task-due" />
            <FormControlLabel control={<Checkbox checked={milestone} onChange={(e) => setMilestone(e.target.checked)} />} label={t('fields.milestone')} />
          </Stack>
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        {onDelete ? (
          <Button color="error" onClick={onDelete} disabled={busy} sx={{ mr: 'auto' }} data-testid="task-delete">
            {t('actions.delete')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid="task-save">
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
