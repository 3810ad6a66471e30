import BusinessIcon from '@mui/icons-material/Business';
import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton, CreateButton, Datagrid, downloadCSV, ExportButton, FilterButton, FunctionField, List, NumberField,
  SearchInput, SelectInput, SimpleList, TextField, TopToolbar, useGetList, type Exporter, type RaRecord,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { toCsv } from '../data/csv';
import { formatDate } from '../i18n/format';
import { useDataWords, type DataWords, type NamedTerm } from '../i18n/dataWords';
import { PageHeading } from '../layout/PageHeading';
import { STAGES, STATUSES, useCompanyTerms, type Taxonomy } from './choices';
import { LogoThumbnail } from './LogoThumbnail';
import { profilePath } from './paths';
import { useCompanyAbilities } from './useCompanyAbilities';
import { ListEmpty } from '../layout/ListEmpty';
import { DeferredRows } from '../layout/DeferredRows';

type Link = { taxonomy: string; term: NamedTerm & { id: number } };
type CompanyRow = RaRecord & {
  name: string; stage: string; status: string; lang: string; users_count: number; created_at: string; updated_at: string;
  contact_name: string | null; contact_number: string | null; website_address: string | null;
  address: { line1: string | null; line2: string | null; line3: string | null };
  taxonomies: Link[];
  logo: { guid: string; url: string; thumbnail_url: string } | null;
};
/** A company's terms of one taxonomy, in the reader's words when given (regions as countries, types translated). */
const termNames = (record: CompanyRow, taxonomy: Taxonomy, words?: DataWords) =>
  record.taxonomies.filter((l) => l.taxonomy === taxonomy).map((l) => (words ? words.term(taxonomy, l.term) : l.term.name));

/** CSV of what the list shows, one column per taxonomy (src/data/csv.ts: formula cells defused), through react-admin's exporter and downloadCSV. */
const exporter: Exporter<CompanyRow> = (records) => {
  const rows = records.map((r) => ({
    id: r.id, name: r.name, stage: r.stage, status: r.status, lang: r.lang,
    type: termNames(r, 'type').join('; '), region: termNames(r, 'region').join('; '), make: termNames(r, 'make').join('; '), partner: termNames(r, 'partner').join('; '),
    contact_name: r.contact_name, contact_number: r.contact_number, website_address: r.website_address,
    address: [r.address.line1, r.address.line2, r.address.line3].filter(Boolean).join(', '),
    users: r.users_count, created_at: formatDate(r.created_at),
  }));
  downloadCSV(toCsv(rows, ['id', 'name']), 'companies');
};

function Empty() {
  const { t } = useTranslation();
  const { manage } = useCompanyAbilities();
  return (
    <ListEmpty
      icon={BusinessIcon}
      title={t('companiesAdmin.empty.title')}
      text={t(manage ? 'companiesAdmin.empty.create' : 'companiesAdmin.empty.wait')}
      action={manage ? <CreateButton resource="companies" to="/companies/create" variant="contained" /> : null}
      testId="companies-empty"
    />
  );
}

function Actions({ manage }: { manage: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {manage ? <CreateButton to="/companies/create" /> : null}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/**
 * `/companies`: the companies the user may see, react-admin style: search (hidden for a user who
 * sees a single company, spec section 6), filters by status, stage and taxonomy terms with saved
 * queries, sort by column, pages, CSV export and bulk delete for those who may manage companies.
 * A row opens the spec's profile path.
 */
export default function CompanyList() {
  const { t } = useTranslation();
  const { manage } = useCompanyAbilities();
  const terms = useCompanyTerms();
  const words = useDataWords();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // How many companies this user can see at all: one means no company search.
  const { total: visible } = useGetList('companies', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
  const single = visible !== undefined && visible <= 1;
  const termFilter = (taxonomy: Taxonomy) => (
    <SelectInput key={taxonomy} source={taxonomy} label={`resources.companies.fields.terms.${taxonomy}`} choices={terms[taxonomy]} translateChoice={false} />
  );
  const filters = [
    // Wide enough for the placeholder in every locale ("Rechercher des entreprises" was cut at the default width).
    ...(single ? [] : [<SearchInput key="q" source="q" alwaysOn placeholder={t('companiesAdmin.search')} sx={{ width: { xs: '100%', sm: '20rem' } }} />]),
    <SelectInput key="status" source="status" choices={STATUSES.map((id) => ({ id, name: `companiesAdmin.statuses.${id}` }))} />,
    <SelectInput key="stage" source="stage" choices={STAGES.map((id) => ({ id, name: `companiesAdmin.stages.${id}` }))} />,
    termFilter('region'),
    termFilter('type'),
    termFilter('make'),
    termFilter('partner'),
  ];
  const rowClick = (id: RaRecord['id']) => profilePath(id);
  return (
    <>
      <PageHeading />
      <List
        resource="companies"
        title={t('routes.companies')}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        actions={<Actions manage={manage} />}
        exporter={exporter}
        empty={<Empty />}
        storeKey="companies.list"
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<CompanyRow>
              leftAvatar={(r) => <LogoThumbnail guid={r.logo?.guid} name={r.name} size={40} />}
              primaryText={(r) => r.name}
              secondaryText={(r) => [termNames(r, 'region', words).join(', '), t(`companiesAdmin.stages.${r.stage}`)].filter(Boolean).join(' · ')}
              tertiaryText={(r) => t(`companiesAdmin.statuses.${r.status}`)}
              linkType={(r) => profilePath(r.id)}
            />
          ) : (
            <Datagrid rowClick={rowClick} bulkActionButtons={manage ? <BulkDeleteButton mutationMode="pessimistic" /> : false} data-testid="companies-table">
              {/* The logo sits in the name cell, so the name stays the first column (and sorts as before). */}
              <FunctionField<CompanyRow>
                source="name"
                render={(r) => (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
                    <LogoThumbnail guid={r.logo?.guid} name={r.name} size={32} />
                    <span>{r.name}</span>
                  </Box>
                )}
              />
              <FunctionField<CompanyRow> label="resources.companies.fields.terms.region" render={(r) => termNames(r, 'region', words).join(', ')} sortable={false} />
              <FunctionField<CompanyRow> label="resources.companies.fields.terms.type" render={(r) => termNames(r, 'type', words).join(', ')} sortable={false} />
              <FunctionField<CompanyRow> source="stage" render={(r) => t(`companiesAdmin.stages.${r.stage}`)} />
              <FunctionField<CompanyRow>
                source="status"
                render={(r) => <Chip size="small" label={t(`companiesAdmin.statuses.${r.status}`)} color={r.status === 'active' ? 'success' : 'default'} variant="outlined" />}
              />
              <TextField source="contact_name" />
              <NumberField source="users_count" sortable={false} />
              <FunctionField<CompanyRow> source="created_at" render={(r) => formatDate(r.created_at)} />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
