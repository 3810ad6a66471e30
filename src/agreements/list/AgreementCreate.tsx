import AddIcon from '@mui/icons-material/Add';
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, CreateBase, ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_TYPES } from '../../../contract/agreements';
import { APP_FORM } from '../../forms/appForm';
import { useCreatedThen } from '../../layout/useCreatedThen';
import { agreementEditPath } from '../../routing/paths/agreements';

const LANGS = ['en', 'fr', 'nl'] as const;

interface CreateValues {
  name: string;
  company_id: number;
  type: string;
  lang: string;
}

/** The POST /agreements body (spec section 7): `{agreement: {name, company_id, type}, lang}`. */
export const toCreateBody = (values: CreateValues) => ({ agreement: { name: values.name.trim(), company_id: values.company_id, type: values.type }, lang: values.lang });

/**
 * Create on the list (the route table has no create path for agreements): a dialog with the name,
 * the company (a search over the companies), the type and the language; then the order form
 * itself, prefilled by the server from the company.
 */
export function CreateAgreementButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const { t } = useTranslation(['agreementForm', 'common']);
  const [open, setOpen] = useState(false);
  const created = useCreatedThen(t('create.created'), agreementEditPath);
  return (
    <>
      <Button size="small" variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="agreement-create">
        {t('common:ra.action.create')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="agreement-create-title" fullWidth maxWidth="sm" data-testid="agreement-create-dialog">
        <DialogTitle id="agreement-create-title">{t('create.title')}</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          <CreateBase resource="agreements" transform={toCreateBody} record={{ type: 'new', lang: 'en' }} mutationOptions={created} redirect={false}>
            <SimpleForm
              {...APP_FORM}
              toolbar={
                <Toolbar sx={{ gap: 1, justifyContent: 'flex-end', bgcolor: 'transparent' }}>
                  <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
                  <SaveButton label={t('create.submit')} icon={<AddIcon />} />
                </Toolbar>
              }
            >
              <TextInput source="name" label={t('create.name')} validate={required()} helperText={t('create.nameHelp')} fullWidth />
              <ReferenceInput source="company_id" reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
                <AutocompleteInput label={t('create.company')} optionText={(c: RaRecord) => String(c.name ?? '')} filterToQuery={(q: string) => ({ q })} validate={required()} fullWidth />
              </ReferenceInput>
              <SelectInput source="type" label={t('create.type')} choices={AGREEMENT_TYPES.map((id) => ({ id, name: t(`types.${id}`) }))} translateChoice={false} validate={required()} />
              <SelectInput source="lang" label={t('create.lang')} choices={LANGS.map((id) => ({ id, name: t(`common:companiesAdmin.langs.${id}`) }))} translateChoice={false} validate={required()} helperText={t('create.langHelp')} />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
}
