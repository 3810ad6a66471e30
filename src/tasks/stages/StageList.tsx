import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { LocalNames } from '../../../contract/names';
import type { TaskStage } from '../../../contract/tasks';
import { save } from '../api';
import { EditDialog } from '../EditDialog';
import { TaskScreen } from '../TaskScreen';
import { LocalNamesInput } from '../../forms/LocalNamesInput';
import { SortableTable } from '../../forms/SortableTable';
import { useDataWords } from '../../i18n/dataWords';
import { useCanEditTasks, useDraftDialog, useRowWrites } from '../useTaskWrites';

type Draft = { id?: number; name: string; names: LocalNames; colour: string; is_done: boolean };
const NEW: Draft = { name: '', names: {}, colour: '#607d8b', is_done: false };

/**
 * `/tasks/stages`: the columns of every project's board by position (drag, up / down, move to
 * position), each with its colour, done flag and the number of project tasks in it; add and edit in
 * a dialog, delete confirmed (the server refuses a stage in use or the last done stage, in words).
 */
export default function StageList() {
  const { t } = useTranslation(['tasks', 'errors']);
  const editable = useCanEditTasks();
  const words = useDataWords();
  const { data = [], refetch, isPending } = useGetList<TaskStage>('tasks/stages', { pagination: { page: 1, perPage: 100 }, sort: { field: 'position', order: 'ASC' }, meta: { cache: false } });
  const { move, del } = useRowWrites('tasks/stages', refetch, words.taskStage);
  const { draft, setDraft, open, close, errors, submit } = useDraftDialog<Draft>((d) => save<TaskStage>('tasks/stages', d.id, { name: d.name, names: d.names, colour: d.colour || null, is_done: d.is_done }, t), refetch);
  return (
    <TaskScreen
      dialog={
        draft && (
          <EditDialog
            open
            title={draft.id ? t('stages.edit', { name: words.taskStage(draft) }) : t('stages.add')}
            testId="stage-dialog"
            onClose={close}
            onSave={submit}
            onDelete={draft.id ? () => del({ id: draft.id! }) : undefined}
            deleteQuestion={t('stages.deleteQuestion', { name: words.taskStage(draft) })}
          >
            <TextField label={t('stages.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required autoFocus error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 150 } }} />
            <LocalNamesInput value={draft.names} onChange={(names) => setDraft({ ...draft, names })} errors={errors} testId="stage-names" />
            <TextField
              label={t('stages.colour')}
              type="color"
              value={draft.colour || '#607d8b'}
              onChange={(e) => setDraft({ ...draft, colour: e.target.value })}
              error={Boolean(errors.colour)}
              helperText={errors.colour ?? t('stages.colourHelp')}
              sx={{ maxWidth: 200 }}
            />
            <Box>
              <FormControlLabel control={<Switch checked={draft.is_done} onChange={(e) => setDraft({ ...draft, is_done: e.target.checked })} />} label={t('stages.isDone')} />
              <Typography variant="caption" color={errors.is_done ? 'error' : 'text.secondary'} component="p">
                {errors.is_done ?? t('stages.isDoneHelp')}
              </Typography>
            </Box>
          </EditDialog>
        )
      }
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('stages.intro')}
        </Typography>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(NEW)} data-testid="stage-add">
            {t('stages.add')}
          </Button>
        )}
      </Stack>
      {!isPending && data.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('stages.empty')}</Typography>
      ) : (
        <SortableTable
          rows={data}
          label={t('stages.title')}
          editable={editable}
          onMove={move}
          onOpen={editable ? (row) => open({ id: row.id, name: row.name, names: row.names ?? {}, colour: row.colour ?? '', is_done: row.is_done }) : undefined}
          testId="stages-table"
          columns={[
            {
              key: 'name',
              label: t('stages.name'),
              render: (row) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', flexShrink: 0, bgcolor: row.colour ?? 'grey.400', border: 1, borderColor: 'divider' }} />
                  <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="row-name">{words.taskStage(row)}</Typography>
                </Stack>
              ),
            },
            { key: 'done', label: t('stages.isDone'), render: (row) => (row.is_done ? <Chip size="small" color="success" label={t('stages.done')} /> : null) },
            { key: 'tasks', label: t('stages.taskCount'), render: (row) => row.task_count, wide: true },
          ]}
        />
      )}
    </TaskScreen>
  );
}
