import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';
import { remove, sortTo, WriteRefused, type TaskResource } from './api';
import type { LocalNames } from '../../contract/names';
import { namesTooLong } from '../forms/LocalNamesInput';
import type { Named } from '../i18n/dataWords';
import { localiseServerText } from '../i18n/serverText';

/** Whether the signed-in user may change task templates (spec section 6: 'edit tasks'); the server checks the same. */
export function useCanEditTasks(): boolean {
  const { user } = useSession();
  return hasPermission(user, 'edit tasks');
}

/** The server's words in the user's language (the growls: 'Stage Created' ...). */
export function useServerText() {
  const { t } = useTranslation(['tasks', 'errors']);
  return (text: string | undefined) => (text ? localiseServerText(text, t) : '');
}

/**
 * Moving and deleting rows of one resource, then `reload`: a move answers the refusal's text
 * (shown under the box by the caller) or null; a delete growls the server's words. `nameOf` says a
 * row's name as the list shows it (staff's words for the reader, a seeded stage, type or template in
 * the reader's words).
 */
export function useRowWrites(resource: Exclude<TaskResource, 'tasks/notifications'> | 'tasks/notifications', reload: () => unknown, nameOf: (row: Named) => string = (row) => row.name) {
  const { t } = useTranslation(['tasks', 'errors']);
  const notify = useNotify();
  const said = useServerText();
  const move = async (row: Named & { id: number }, to: number): Promise<string | null> => {
    try {
      await sortTo(resource as Exclude<TaskResource, 'tasks/notifications'>, row.id, to, t);
      notify(t('tasks:order.moved', { name: nameOf(row), position: to }), { type: 'success' });
      await reload();
      return null;
    } catch (error) {
      const text = error instanceof WriteRefused ? (error.fields.to ?? error.messages[0]) : t('errors:unknown_error');
      notify(text, { type: 'error' });
      return text;
    }
  };
  const del = async (row: { id: number }) => {
    try {
      const done = await remove(resource, row.id, t);
      notify(said(done.message), { type: 'success' });
    } catch (error) {
      notify(error instanceof WriteRefused ? error.messages.join('\n') : t('errors:unknown_error'), { type: 'error' });
    }
    await reload();
  };
  return { move, del };
}

/**
 * The edit dialog's state of the four template screens: the draft being edited (null: closed),
 * the server's field errors, and `submit`, which sends the draft with `send`, growls the server's
 * words, closes and reloads; a refusal keeps the dialog open with its errors under the fields, or
 * answers its text for the dialog to show when no field is named. A draft whose name in another
 * language is too long (said beside that field) is not sent, nor one `held` holds back (a screen's own
 * check whose words are already beside the field: a template's language with only one of its texts).
 */
export function useDraftDialog<D>(send: (draft: D) => Promise<{ message?: string }>, reload: () => unknown, held: (draft: D) => boolean = () => false) {
  const { t } = useTranslation(['tasks', 'errors']);
  const notify = useNotify();
  const said = useServerText();
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = (d: D) => {
    setErrors({});
    setDraft(d);
  };
  const close = () => setDraft(null);
  const submit = async (): Promise<string | null> => {
    if (!draft || namesTooLong((draft as { names?: LocalNames }).names) || held(draft)) return null;
    try {
      const saved = await send(draft);
      notify(said(saved.message), { type: 'success' });
      setDraft(null);
      await reload();
      return null;
    } catch (error) {
      if (!(error instanceof WriteRefused)) return t('errors:unknown_error');
      setErrors(error.fields);
      return Object.keys(error.fields).length ? null : error.messages[0];
    }
  };
  return { draft, setDraft, open, close, errors, submit };
}
