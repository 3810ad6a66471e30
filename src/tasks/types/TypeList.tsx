import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { LocalNames } from '../../../contract/names';
import type { TaskType } from '../../../contract/tasks';
import { saveType } from '../api';
import { EditDialog } from '../EditDialog';
import { TaskScreen } from '../TaskScreen';
import { IconUploader, type IconChoice } from '../IconUploader';
import { LocalNamesInput } from '../../forms/LocalNamesInput';
import { SortableTable } from '../../forms/SortableTable';
import { useDataWords } from '../../i18n/dataWords';
import { TypeIcon } from '../TypeChip';
import { useCanEditTasks, useDraftDialog, useRowWrites } from '../useTaskWrites';

type Draft = { id?: number; name: string; names: LocalNames; iconUrl: string | null; icon: IconChoice };

/**
 * `/tasks/types`: the groups of a board by position, with their icons and how many templates use
 * each; add and edit in a dialog (name, icon chosen, replaced or removed with a preview; the server
 * checks the file by content), drag sort, delete confirmed (refused while templates use it).
 */
export default function TypeList() {
  const { t, i18n } = useTranslation(['tasks', 'errors']);
  const editable = useCanEditTasks();
  const words = useDataWords();
  const { data = [], refetch, isPending } = useGetList<TaskType>('tasks/types', { pagination: { page: 1, perPage: 100 }, sort: { field: 'position', order: 'ASC' }, meta: { cache: false } });
  const { move, del } = useRowWrites('tasks/types', refetch, words.taskType);
  const { draft, setDraft, open, close, errors, submit } = useDraftDialog<Draft>((d) => saveType<TaskType>(d.id, { name: d.name, names: d.names, file: d.icon.file, removeIcon: d.icon.remove }, i18n.language, t), refetch);
  return (
    <TaskScreen
      dialog={
        draft && (
          <EditDialog
            open
            title={draft.id ? t('types.edit', { name: words.taskType(draft) }) : t('types.add')}
            testId="type-dialog"
            onClose={close}
            onSave={submit}
            onDelete={draft.id ? () => del({ id: draft.id! }) : undefined}
            deleteQuestion={t('types.deleteQuestion', { name: words.taskType(draft) })}
          >
            <TextField label={t('types.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required autoFocus error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 150 } }} />
            <LocalNamesInput value={draft.names} onChange={(names) => setDraft({ ...draft, names })} errors={errors} testId="type-names" />
            <IconUploader name={draft.name} currentUrl={draft.iconUrl} value={draft.icon} onChange={(icon) => setDraft({ ...draft, icon })} error={errors.file} />
          </EditDialog>
        )
      }
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('types.intro')}
        </Typography>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open({ name: '', names: {}, iconUrl: null, icon: { file: null, remove: false } })} data-testid="type-add">
            {t('types.add')}
          </Button>
        )}
      </Stack>
      {!isPending && data.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('types.empty')}</Typography>
      ) : (
        <SortableTable
          rows={data}
          label={t('types.title')}
          editable={editable}
          onMove={move}
          onOpen={editable ? (row) => open({ id: row.id, name: row.name, names: row.names ?? {}, iconUrl: row.icon_url, icon: { file: null, remove: false } }) : undefined}
          testId="types-table"
          columns={[
            { key: 'icon', label: t('types.icon'), render: (row) => <TypeIcon name={row.name} names={row.names} iconUrl={row.icon_url} /> },
            { key: 'name', label: t('types.name'), render: (row) => <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="row-name">{words.taskType(row)}</Typography> },
            { key: 'templates', label: t('types.templateCount'), render: (row) => row.template_count, wide: true },
          ]}
        />
      )}
    </TaskScreen>
  );
}
