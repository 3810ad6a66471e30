import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TASK_EVENTS, type TaskType } from '../../../contract/tasks';
import { TEMPLATE_EVENTS, type NotificationEvent, type NotificationRecipient } from '../../../contract/tracker';
import type { TaskNotification } from '../../../contract/tasks';
import { save } from '../api';
import { RecipientsPicker } from '../RecipientsPicker';
import { useDraftDialog } from '../useTaskWrites';
import { useDataWords } from '../../i18n/dataWords';
import { cleanTranslations, halfTranslated, NotificationTranslationsFields, type TranslationDrafts } from './NotificationTranslationsFields';
import { PlaceholderHelp } from './PlaceholderHelp';

export interface NotificationDraft {
  id?: number;
  name: string;
  event: NotificationEvent;
  recipients: NotificationRecipient[];
  subject: string;
  body: string;
  /** The subject and body per locale, as typed (issue 55); `notificationBody` sends the complete ones. */
  translations: TranslationDrafts;
  task_type_id: number | '';
  active: boolean;
}

export const isTaskEvent = (event: NotificationEvent) => (TASK_EVENTS as readonly string[]).includes(event);

/**
 * The draft as the API's write body (a task type only for a task event); `translations` the whole
 * set, replacing the stored one: the locales with both texts, `{}` when none.
 */
export const notificationBody = (d: NotificationDraft) => ({
  name: d.name, event: d.event, recipients: d.recipients, subject: d.subject, body: d.body, active: d.active,
  translations: cleanTranslations(d.translations),
  task_type_id: isTaskEvent(d.event) && d.task_type_id !== '' ? d.task_type_id : null,
});

/** The fields of a notification template, its words in other languages, the placeholders listed as help, the server's refusals under them. */
export function NotificationForm({ draft, onChange, types, errors }: { draft: NotificationDraft; onChange: (d: NotificationDraft) => void; types: TaskType[]; errors: Record<string, string> }) {
  const { t } = useTranslation('tasks');
  const words = useDataWords();
  const set = <K extends keyof NotificationDraft>(key: K, value: NotificationDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <TextField label={t('notifications.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} required autoFocus error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 150 } }} />
      <TextField select label={t('notifications.event')} value={draft.event} onChange={(e) => set('event', e.target.value as NotificationEvent)} error={Boolean(errors.event)} helperText={errors.event ?? t(`eventHelp.${draft.event}`)} data-testid="notification-event">
        {TEMPLATE_EVENTS.map((event) => (
          <MenuItem key={event} value={event}>
            {t(`events.${event}`)}
          </MenuItem>
        ))}
      </TextField>
      {isTaskEvent(draft.event) && (
        <TextField select label={t('notifications.type')} value={draft.task_type_id} onChange={(e) => set('task_type_id', e.target.value === '' ? '' : Number(e.target.value))} error={Boolean(errors.task_type_id)} helperText={errors.task_type_id ?? t('notifications.typeHelp')}>
          <MenuItem value="">{t('notifications.anyType')}</MenuItem>
          {types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {words.taskType(type)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <RecipientsPicker value={draft.recipients} onChange={(recipients) => set('recipients', recipients)} error={errors.recipients} />
      <TextField label={t('notifications.subject')} value={draft.subject} onChange={(e) => set('subject', e.target.value)} required error={Boolean(errors.subject)} helperText={errors.subject} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextField label={t('notifications.body')} value={draft.body} onChange={(e) => set('body', e.target.value)} required multiline minRows={5} error={Boolean(errors.body)} helperText={errors.body} slotProps={{ htmlInput: { maxLength: 10000 } }} />
      <NotificationTranslationsFields value={draft.translations} onChange={(translations) => set('translations', translations)} errors={errors} />
      <PlaceholderHelp />
      <FormControlLabel control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />} label={t('notifications.active')} />
    </>
  );
}

/**
 * The template dialog's draft and its send (the list's): a language with only its subject or only
 * its body is said beside the empty field and keeps the template back, so nothing typed is dropped.
 */
export function useNotificationDialog(reload: () => unknown) {
  const { t } = useTranslation(['tasks', 'errors']);
  return useDraftDialog<NotificationDraft>((d) => save<TaskNotification>('tasks/notifications', d.id, notificationBody(d), t), reload, (d) => halfTranslated(d.translations));
}
