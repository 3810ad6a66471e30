import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { TaskNotification, TaskType } from '../../../contract/tasks';
import { TEMPLATE_EVENTS } from '../../../contract/tracker';
import { EditDialog } from '../EditDialog';
import { TaskScreen } from '../TaskScreen';
import { TypeChip } from '../TypeChip';
import { useDataWords } from '../../i18n/dataWords';
import { useCanEditTasks, useRowWrites } from '../useTaskWrites';
import { NotificationForm, useNotificationDialog, type NotificationDraft } from './NotificationForm';
import { TranslationChips } from './TranslationChips';

const NEW: NotificationDraft = { name: '', event: 'task_due', recipients: ['assignee'], subject: '', body: '', translations: {}, task_type_id: '', active: true };

/**
 * `/tasks/notifications` ('edit tasks'): which event mails whom, with which words; filters by event
 * and task type; add and edit in a dialog (event, recipients as checkboxes, subject, body with the
 * placeholders listed, its words in other languages, a task type for task events, active), delete
 * confirmed. Each row shows the locales its template has words for (issue 55).
 */
export default function NotificationList() {
  const { t } = useTranslation(['tasks', 'errors']);
  const words = useDataWords();
  const editable = useCanEditTasks();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data = [], refetch, isPending } = useGetList<TaskNotification>('tasks/notifications', { pagination: { page: 1, perPage: 500 }, sort: { field: 'event', order: 'ASC' }, meta: { cache: false } });
  const { data: types = [] } = useGetList<TaskType>('tasks/types', { pagination: { page: 1, perPage: 100 }, sort: { field: 'position', order: 'ASC' }, meta: { cache: false } });
  const { del } = useRowWrites('tasks/notifications', refetch);
  const [event, setEvent] = useState('');
  const [typeId, setTypeId] = useState<number | ''>('');
  const { draft, setDraft, open, close, errors, submit } = useNotificationDialog(refetch);
  const typeOf = (id: number | null) => types.find((type) => type.id === id);
  const shown = data.filter((n) => (!event || n.event === event) && (typeId === '' || n.task_type_id === typeId));
  return (
    <TaskScreen
      dialog={
        draft && (
          <EditDialog
            open
            title={draft.id ? t('notifications.edit', { name: draft.name }) : t('notifications.add')}
            testId="notification-dialog"
            onClose={close}
            onSave={submit}
            onDelete={draft.id ? () => del({ id: draft.id! }) : undefined}
            deleteQuestion={t('notifications.deleteQuestion', { name: draft.name })}
          >
            <NotificationForm draft={draft} onChange={setDraft} types={types} errors={errors} />
          </EditDialog>
        )
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField size="small" select label={t('notifications.event')} value={event} onChange={(e) => setEvent(e.target.value)} sx={{ minWidth: 0, flex: 1 }}>
          <MenuItem value="">{t('notifications.anyEvent')}</MenuItem>
          {TEMPLATE_EVENTS.map((e) => (
            <MenuItem key={e} value={e}>
              {t(`events.${e}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select label={t('notifications.type')} value={typeId} onChange={(e) => setTypeId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 0, flex: 1 }}>
          <MenuItem value="">{t('notifications.anyType')}</MenuItem>
          {types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {words.taskType(type)}
            </MenuItem>
          ))}
        </TextField>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(NEW)} data-testid="notification-add" sx={{ flexShrink: 0 }}>
            {t('notifications.add')}
          </Button>
        )}
      </Stack>
      {!isPending && shown.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('notifications.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-label={t('notifications.title')} data-testid="notifications-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.name')}</TableCell>
                <TableCell>{t('notifications.event')}</TableCell>
                {!phone && <TableCell>{t('notifications.recipients')}</TableCell>}
                {!phone && <TableCell>{t('notifications.type')}</TableCell>}
                <TableCell>{t('notifications.active')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((n) => {
                const type = typeOf(n.task_type_id);
                return (
                  <TableRow
                    key={n.id}
                    hover={editable}
                    data-row-id={n.id}
                    sx={{ cursor: editable ? 'pointer' : 'default' }}
                    onClick={editable ? () => open({ id: n.id, name: n.name, event: n.event, recipients: n.recipients, subject: n.subject, body: n.body, translations: n.translations ?? {}, task_type_id: n.task_type_id ?? '', active: n.active }) : undefined}
                  >
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="row-name">{n.name}</Typography>
                      <Typography variant="caption" color="text.secondary">{n.subject}</Typography>
                      <TranslationChips translations={n.translations} />
                    </TableCell>
                    <TableCell>{t(`events.${n.event}`)}</TableCell>
                    {!phone && <TableCell>{n.recipients.map((r) => t(`recipients.${r}`)).join(', ')}</TableCell>}
                    {!phone && <TableCell>{type ? <TypeChip name={type.name} names={type.names} iconUrl={type.icon_url} /> : t('notifications.anyType')}</TableCell>}
                    <TableCell>{n.active ? <Chip size="small" color="success" label={t('notifications.on')} /> : <Chip size="small" label={t('notifications.off')} />}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </TaskScreen>
  );
}
