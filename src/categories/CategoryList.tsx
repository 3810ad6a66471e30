import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../i18n/dataWords';
import { PageHeading } from '../layout/PageHeading';
import { taxonomyPath } from './paths';
import { DeferredRows } from '../layout/DeferredRows';

type TaxonomyRow = RaRecord & { name: string; slug: string; terms_count: number };

/** `/categories`: the taxonomies (named in the reader's language) with how many terms each has; a row opens its terms. */
export default function CategoryList() {
  const { t } = useTranslation();
  const words = useDataWords();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <PageHeading />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('categoriesAdmin.intro')}
      </Typography>
      <List resource="taxonomies" title={t('routes.categories')} sort={{ field: 'name', order: 'ASC' }} perPage={100} pagination={false} actions={false} storeKey="categories.list" disableSyncWithLocation>
        <DeferredRows>
          {phone ? (
            <SimpleList<TaxonomyRow> primaryText={(r) => words.taxonomy(r.slug, r.name)} secondaryText={(r) => `${t('categoriesAdmin.terms')}: ${r.terms_count}`} linkType={(r) => taxonomyPath(r.slug)} />
          ) : (
            <Datagrid rowClick={(_id, _resource, record) => taxonomyPath(String(record.slug))} bulkActionButtons={false}>
              <FunctionField<TaxonomyRow> source="name" label={t('categoriesAdmin.taxonomy')} render={(r) => words.taxonomy(r.slug, r.name)} />
              <TextField source="slug" label={t('categoriesAdmin.slug')} />
              <NumberField source="terms_count" label={t('categoriesAdmin.terms')} />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
