import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid, FunctionField, List, NumberField, SearchInput, SimpleList, TextField, TopToolbar, useGetOne, useRecordContext, type RaRecord,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { PageHeading } from '../layout/PageHeading';
import { termsResource } from './paths';
import { DeleteTerm, TermDialog, type TermRecord } from './TermDialog';
import { DeferredRows } from '../layout/DeferredRows';

function EditTerm({ onEdit }: { onEdit: (record: TermRecord) => void }) {
  const { t } = useTranslation();
  const record = useRecordContext<TermRecord>();
  if (!record) return null;
  return (
    <Tooltip title={t('categoriesAdmin.editNamed', { name: record.name })}>
      <IconButton size="small" aria-label={t('categoriesAdmin.editNamed', { name: record.name })} onClick={() => onEdit(record)}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** `/categories/{taxonomy}`: the taxonomy's terms (search, sort, pages) with add, edit (a dialog) and delete. */
export default function TermList() {
  const { t } = useTranslation();
  const { taxonomy = '' } = useParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const resource = termsResource(taxonomy);
  const { data: info, error } = useGetOne<RaRecord & { name: string; slug: string }>('taxonomies', { id: taxonomy, meta: { cache: false } });
  const [editing, setEditing] = useState<TermRecord | 'new' | null>(null);
  // Seeded names in the reader's language: the taxonomy (Type, Region...), company types, regions as
  // countries. A term's own name stays as stored beside it: it is what staff edit here ("UK" in the
  // dialog), while "Shown as" is what readers see in the app's other screens ("United Kingdom").
  const words = useDataWords();
  const name = words.taxonomy(taxonomy, info?.name ?? taxonomy);
  const shown = (r: TermRecord) => words.term(taxonomy, r);

  const back = (
    <Button component={RouterLink} to="/categories" startIcon={<ArrowBackIcon />} size="small">
      {t('categoriesAdmin.back')}
    </Button>
  );
  if (error) {
    return (
      <>
        <PageHeading />
        <Alert severity="warning" sx={{ mb: 2 }}>
          {(error as Error).message}
        </Alert>
        {back}
      </>
    );
  }
  return (
    <>
      <PageHeading />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        {back}
        <Typography variant="h5" component="h2" data-testid="taxonomy-name">
          {name}
        </Typography>
      </Stack>
      <List
        key={resource}
        resource={resource}
        title={`${t('routes.categories')} - ${name}`}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('categoriesAdmin.search')} />]}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        storeKey={`categories.${taxonomy}`}
        disableSyncWithLocation
        empty={false}
        actions={
          <TopToolbar>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('categoriesAdmin.add')}
            </Button>
          </TopToolbar>
        }
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<TermRecord>
              primaryText={(r) => (shown(r) === r.name ? r.name : `${r.name} (${shown(r)})`)}
              secondaryText={(r) => `${r.slug} · ${t('categoriesAdmin.companies')}: ${r.companies_count} · ${t('categoriesAdmin.products')}: ${r.products_count}`}
              linkType={false}
              rowClick={(_id, _resource, record) => {
                setEditing(record as TermRecord);
                return false;
              }}
            />
          ) : (
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 2 }}>{t('categoriesAdmin.empty')}</Box>}>
              <TextField source="name" label={t('categoriesAdmin.name')} />
              <FunctionField<TermRecord> label={t('categoriesAdmin.shownAs')} sortable={false} render={shown} />
              <TextField source="slug" label={t('categoriesAdmin.slug')} />
              <NumberField source="companies_count" label={t('categoriesAdmin.companies')} sortable={false} />
              <NumberField source="products_count" label={t('categoriesAdmin.products')} sortable={false} />
              <FunctionField
                label=""
                textAlign="right"
                render={() => (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                    <EditTerm onEdit={setEditing} />
                    <DeleteTerm resource={resource} />
                  </Stack>
                )}
              />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
      {editing ? <TermDialog resource={resource} taxonomyName={name} record={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
