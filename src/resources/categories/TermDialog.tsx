import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Box } from '@mui/material';
import { CreateBase, DeleteWithConfirmButton, EditBase, Form, SaveButton, TextInput, maxLength, required, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';

export type TermRecord = RaRecord & { name: string; slug: string; companies_count: number; products_count: number };

/** What a term write sends: the name, and the slug only when one is typed (else the server makes it). */
const toBody = (data: RaRecord) => ({ name: String(data.name ?? ''), ...(data.slug ? { slug: String(data.slug) } : {}) });

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

/**
 * Add or edit a term in a dialog: 'Term Added' / 'Term Updated'. The server's field errors ('term
 * already exists', a required name) show under the inputs; the dialog stays open until a save works.
 */
export function TermDialog({ resource, taxonomyName, record, onClose }: { resource: string; taxonomyName: string; record: TermRecord | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const creating = record === 'new';
  const title = creating ? t('categoriesAdmin.addTitle', { taxonomy: taxonomyName }) : t('categoriesAdmin.editTitle');
  const form = (
    <Form>
      <DialogContent>
        <TextInput source="name" label={t('categoriesAdmin.name')} validate={[required(), maxLength(100)]} autoFocus fullWidth />
        <TextInput source="slug" label={t('categoriesAdmin.slug')} helperText={t('categoriesAdmin.slugHelp')} validate={maxLength(64)} fullWidth />
      </DialogContent>
      <DialogActions>
        {creating ? null : (
          <Box sx={{ mr: 'auto' }}>
            <DeleteTerm resource={resource} onDeleted={onClose} />
          </Box>
        )}
        <Button onClick={onClose}>{t('categoriesAdmin.cancel')}</Button>
        <SaveButton label={t('categoriesAdmin.save')} />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="term-dialog-title">
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
            // The server's words ('term already exists') rather than react-admin's "The form is not valid".
            onError: (error: Error) => notify(error.message || t('errors:unknown_error'), { type: 'error' }),
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
            // The server's words ('term already exists') rather than react-admin's "The form is not valid".
            onError: (error: Error) => notify(error.message || t('errors:unknown_error'), { type: 'error' }),
          }}
        >
          {form}
        </EditBase>
      )}
    </Dialog>
  );
}
