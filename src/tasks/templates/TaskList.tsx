import AddIcon from '@mui/icons-material/Add';
import FlagIcon from '@mui/icons-material/Flag';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES } from '../../../contract/projects';
import type { TaskTemplate, TaskType } from '../../../contract/tasks';
import { useDebouncedValue } from '../../data/useDebouncedValue';
import { save } from '../api';
import { EditDialog } from '../EditDialog';
import { TaskScreen } from '../TaskScreen';
import { SortableTable } from '../../forms/SortableTable';
import { useDataWords } from '../../i18n/dataWords';
import { TypeChip } from '../TypeChip';
import { useCanEditTasks, useDraftDialog, useRowWrites } from '../useTaskWrites';
import { templateBody, TemplateForm, type TemplateDraft } from './TemplateForm';

const NEW: TemplateDraft = { name: '', names: {}, description: '', task_type_id: '', project_types: [], due_days: '', milestone: false, trigger: '' };

/**
 * `/tasks`: the task templates by position (what a new project copies, in this order): search,
 * type and project-type filters; with 'edit tasks' drag, up / down and "move to position" (the
 * server's 'Value must be more than 0' under the box), add and edit in a dialog, delete confirmed.
 * Without it the list only shows.
 */
export default function TaskList() {
  const { t } = useTranslation(['tasks', 'errors']);
  const editable = useCanEditTasks();
  const words = useDataWords();
  // On a phone the type and due day go under the name, so the name keeps the width to wrap in words.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [typeId, setTypeId] = useState<number | ''>('');
  const [projectType, setProjectType] = useState('');
  const filter = { ...(q.trim() ? { q: q.trim() } : {}), ...(typeId !== '' ? { task_type_id: typeId } : {}), ...(projectType ? { project_type: projectType } : {}) };
  const { data = [], total, refetch, isPending } = useGetList<TaskTemplate>('tasks', { pagination: { page: 1, perPage: 500 }, sort: { field: 'position', order: 'ASC' }, filter, meta: { cache: false } });
  const { data: types = [] } = useGetList<TaskType>('tasks/types', { pagination: { page: 1, perPage: 100 }, sort: { field: 'position', order: 'ASC' }, meta: { cache: false } });
  const { move, del } = useRowWrites('tasks', refetch, words.task);
  const { draft, setDraft, open, close, errors, submit } = useDraftDialog<TemplateDraft>((d) => save<TaskTemplate>('tasks', d.id, templateBody(d), t), refetch);
  const edit = (row: TaskTemplate) =>
    open({
      id: row.id, name: row.name, names: row.names ?? {}, description: row.description ?? '', task_type_id: row.task_type_id, project_types: row.project_types,
      due_days: row.due_days === null ? '' : String(row.due_days), milestone: row.milestone, trigger: row.trigger ?? '',
    });
  return (
    <TaskScreen
      dialog={
        draft && (
          <EditDialog
            open
            title={draft.id ? t('templates.edit', { name: words.task(draft) }) : t('templates.add')}
            testId="template-dialog"
            onClose={close}
            onSave={submit}
            onDelete={draft.id ? () => del({ id: draft.id! }) : undefined}
            deleteQuestion={t('templates.deleteQuestion', { name: words.task(draft) })}
          >
            <TemplateForm draft={draft} onChange={setDraft} types={types} errors={errors} />
          </EditDialog>
        )
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField size="small" type="search" label={t('templates.search')} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ minWidth: 0, flex: 2 }} />
        <TextField size="small" select label={t('templates.type')} value={typeId} onChange={(e) => setTypeId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 0, flex: 1 }} data-testid="filter-type">
          <MenuItem value="">{t('templates.anyType')}</MenuItem>
          {types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {words.taskType(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select label={t('templates.projectType')} value={projectType} onChange={(e) => setProjectType(e.target.value)} sx={{ minWidth: 0, flex: 1 }} data-testid="filter-project-type">
          <MenuItem value="">{t('templates.anyProjectType')}</MenuItem>
          {PROJECT_TYPES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`projectTypes.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open({ ...NEW, task_type_id: types[0]?.id ?? '' })} data-testid="template-add" sx={{ flexShrink: 0 }}>
            {t('templates.add')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('templates.count', { count: total ?? 0 })}
      </Typography>
      {!isPending && data.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('templates.empty')}</Typography>
      ) : (
        <SortableTable
          rows={data}
          label={t('templates.title')}
          editable={editable}
          onMove={move}
          onOpen={editable ? edit : undefined}
          testId="templates-table"
          columns={[
            {
              key: 'name',
              label: t('templates.name'),
              render: (row) => (
                <Box>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {row.milestone && <FlagIcon fontSize="small" color="warning" titleAccess={t('templates.milestone')} />}
                    <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="row-name">{words.task(row)}</Typography>
                  </Stack>
                  {row.description && <Typography variant="caption" color="text.secondary" component="p" data-testid="row-description">{words.taskDescription(row.name, row.description)}</Typography>}
                  {row.trigger && <Typography variant="caption" color="text.secondary" component="p">{t(`triggers.${row.trigger}`)}</Typography>}
                  {phone && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {words.taskType(row.task_type)}
                      {row.due_days === null ? '' : ` · ${t('templates.day', { count: row.due_days })}`}
                    </Typography>
                  )}
                </Box>
              ),
            },
            { key: 'type', label: t('templates.type'), wide: true, render: (row) => <TypeChip name={row.task_type.name} names={row.task_type.names} iconUrl={row.task_type.icon_url} /> },
            {
              key: 'projectTypes',
              label: t('templates.projectTypes'),
              wide: true,
              render: (row) =>
                row.project_types.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">{t('templates.everyType')}</Typography>
                ) : (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {row.project_types.map((p) => <Chip key={p} size="small" label={t(`projectTypes.${p}`)} />)}
                  </Stack>
                ),
            },
            { key: 'due', label: t('templates.due'), wide: true, render: (row) => (row.due_days === null ? '—' : t('templates.day', { count: row.due_days })) },
          ]}
        />
      )}
    </TaskScreen>
  );
}
