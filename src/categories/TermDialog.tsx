import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Box } from '@mui/material';
import { CreateBase, DeleteWithConfirmButton, EditBase, Form, SaveButton, TextInput, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import { useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LocalNames } from '../../contract/names';
import { APP_FORM } from '../forms/appForm';
import { LocalNamesInput } from '../forms/LocalNamesInput';
import { maxChars, requiredField } from '../forms/validators';
import { UnsavedChangesDialog } from '../routing/UnsavedChangesPrompt';

export type TermRecord = RaRecord & { name: string; names?: LocalNames; slug: string; companies_count: number; products_count: number };

/**
 * What a term write sends: the name, its words per locale (replacing the stored ones; `{}` clears
 * them), and the slug only when one is typed (else the server makes it).
 */
const toBody = (data: RaRecord) => ({
  name: String(data.name ?? ''),
  ...(data.names && typeof data.names === 'object' ? { names: data.names as LocalNames } : {}),
  ...(data.slug ? { slug: String(data.slug) } : {}),
});

/**
 * Delete with a confirmation that says whether the term is in use; a term in use is refused by the
 * server (409, saying how many use it). In the table's row, and in the edit dialog (the phone list
 * has no row buttons, so that is where a phone user deletes).
 */
export function DeleteTerm({ resource, onDeleted }: { resource: string; onDeleted?: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const record = useRecordContext<TermRecord>();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      resource={resource}
      record={record}
      mutationMode="pessimistic"
      redirect={false}
      label={t('categoriesAdmin.delete')}
      aria-label={t('categoriesAdmin.deleteNamed', { name: record.name })}
      confirmTitle={t('categoriesAdmin.deleteTitle', { name: record.name })}
      // Say so before the attempt when the list already shows the term in use (the server refuses it with the counts).
      confirmContent={
        record.companies_count || record.products_count
          ? t('categoriesAdmin.deleteBodyInUse', { companies: record.companies_count, products: record.products_count })
          : t('categoriesAdmin.deleteBody')
      }
      mutationOptions={{
        onSuccess: () => {
          notify(t('errors:categories.term_deleted'), { type: 'success' });
          onDeleted?.();
        },
      }}
    />
  );
}

/** Tells the dialog whether its form holds changes not saved (as forms/FormUnsavedChanges.tsx reads them). */
function ReportUnsaved({ onChange }: { onChange(unsaved: boolean): void }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const unsaved = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => onChange(unsaved), [unsaved, onChange]);
  return null;
}

/**
 * Add or edit a term in a dialog: 'Term Added' / 'Term Updated'. One way of forms (forms/appForm.ts):
 * no browser bubble, the name marked required, errors inline under the inputs in the spec's words
 * (the server's 'term already exists' too; its refusal of a name in another language beside that
 * language's field), and closing the dialog (Cancel, Escape, a click
 * beside it) or leaving the page with changes not saved asks in the app's dialog first. The dialog
 * stays open until a save works.
 */
export function TermDialog({ resource, taxonomyName, record, onClose }: { resource: string; taxonomyName: string; record: TermRecord | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const creating = record === 'new';
  const [unsaved, setUnsaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  // A field's error shows under its input only (one way of forms); any other in the server's words,
  // rather than react-admin's "The form is not valid".
  const onError = (error: Error & { body?: { errors?: unknown } }) => {
    if (!error.body?.errors) notify(error.message || t('errors:unknown_error'), { type: 'error' });
  };
  const title = creating ? t('categoriesAdmin.addTitle', { taxonomy: taxonomyName }) : t('categoriesAdmin.editTitle');
  const form = (
    <Form {...APP_FORM}>
      <ReportUnsaved onChange={setUnsaved} />
      <DialogContent>
        <TextInput source="name" label={t('categoriesAdmin.name')} validate={[requiredField(t('categoriesAdmin.name')), maxChars(100)]} autoFocus fullWidth />
        <Box sx={{ mb: 2 }}>
          <LocalNamesInput source="names" testId="term-names" />
        </Box>
        <TextInput source="slug" label={t('categoriesAdmin.slug')} helperText={t('categoriesAdmin.slugHelp')} validate={maxChars(64)} fullWidth />
      </DialogContent>
      <DialogActions>
        {creating ? null : (
          <Box sx={{ mr: 'auto' }}>
            <DeleteTerm resource={resource} onDeleted={onClose} />
          </Box>
        )}
        {/* Cancel is the user's own word to drop the typed text: asked only when closing by Escape or a click outside. */}
        <Button onClick={onClose}>{t('categoriesAdmin.cancel')}</Button>
        <SaveButton label={t('categoriesAdmin.save')} />
      </DialogActions>
    </Form>
  );
  return (
    <>
      <UnsavedChangesDialog open={asking} onStay={() => setAsking(false)} onLeave={onClose} />
      <Dialog open onClose={requestClose} fullWidth maxWidth="xs" aria-labelledby="term-dialog-title">
        <DialogTitle id="term-dialog-title">{title}</DialogTitle>
        {creating ? (
          <CreateBase
            resource={resource}
            redirect={false}
            transform={toBody}
            mutationOptions={{
              onSuccess: () => {
                notify(t('errors:categories.term_added'), { type: 'success' });
                onClose();
              },
              onError,
            }}
          >
            {form}
          </CreateBase>
        ) : (
          <EditBase
            resource={resource}
            id={record.id}
            redirect={false}
            mutationMode="pessimistic"
            transform={toBody}
            queryOptions={{ meta: { cache: false } }}
            mutationOptions={{
              onSuccess: () => {
                notify(t('errors:categories.term_updated'), { type: 'success' });
                onClose();
              },
              onError,
            }}
          >
            {form}
          </EditBase>
        )}
      </Dialog>
    </>
  );
}
