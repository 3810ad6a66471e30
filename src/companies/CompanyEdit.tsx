import { Box, Divider } from '@mui/material';
import {
  DeleteButton, Edit, FunctionField, Labeled, SaveButton, TextField, Toolbar, useNotify, type RaRecord,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useDataWords, type DataWords, type NamedTerm } from '../i18n/dataWords';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { CompanyForm, toCompanyBody } from './CompanyForm';
import { LogoThumbnail } from './LogoThumbnail';
import { CompanyUsers } from './CompanyUsers';
import { useCompanyAbilities } from './useCompanyAbilities';
import { FRESH_RECORD } from '../forms/freshRecord';
import { READ_AHEAD_RECORD } from '../data/prefetchRecord';
import { DeferredRecord } from '../layout/DeferredRecord';

type Link = { taxonomy: string; term: NamedTerm };
/** The company's terms of one taxonomy in the reader's words (company types translated, regions as countries). */
const termNames = (record: RaRecord, taxonomy: string, words: DataWords) =>
  ((record.taxonomies ?? []) as Link[]).filter((l) => l.taxonomy === taxonomy).map((l) => words.term(taxonomy, l.term)).join(', ');

/** The profile for staff who may view but not manage companies: the same fields, read only. */
function CompanyDetails() {
  const { t } = useTranslation();
  const words = useDataWords();
  const fields = ['name', 'website_address', 'contact_name', 'contact_number', 'reg_number', 'vat_number', 'fsa_number', 'lang', 'stage', 'status'];
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }} data-testid="company-details">
      <Labeled label="companiesAdmin.logo.title" sx={{ gridColumn: '1 / -1' }}>
        <FunctionField render={(r: RaRecord) => <LogoThumbnail guid={r.logo?.guid} name={String(r.name ?? '')} size={120} />} />
      </Labeled>
      {fields.map((f) => (
        <Labeled key={f} source={f}>
          <TextField source={f} emptyText="—" />
        </Labeled>
      ))}
      {(['address', 'reg_address'] as const).map((f) => (
        <Labeled key={f} label={`companiesAdmin.sections.${f === 'address' ? 'address' : 'regAddress'}`}>
          <FunctionField render={(r: RaRecord) => [r[f]?.line1, r[f]?.line2, r[f]?.line3].filter(Boolean).join(', ') || '—'} />
        </Labeled>
      ))}
      <Labeled label="companiesAdmin.reminders.title">
        <FunctionField
          render={(r: RaRecord) => (typeof r.reminder_days === 'number' ? t('companiesAdmin.reminders.after', { count: r.reminder_days }) : t('companiesAdmin.reminders.off'))}
        />
      </Labeled>
      {['type', 'region', 'partner', 'make'].map((taxonomy) => (
        <Labeled key={taxonomy} label={t(`resources.companies.fields.terms.${taxonomy}`)}>
          <FunctionField render={(r: RaRecord) => termNames(r, taxonomy, words) || '—'} />
        </Labeled>
      ))}
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" redirect="list" />
    </Toolbar>
  );
}

/**
 * `/companies/profile/{id}` (and react-admin's `/companies/{id}`): the company's profile. Staff who
 * may manage companies edit it ('Company Updated', pessimistic so the server's field messages land
 * on the inputs) and delete it; others see it read only. The users panel sits below the form.
 */
export default function CompanyEdit() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const { manage } = useCompanyAbilities();
  return (
    <>
      <PageHeading action={<AuditLink kind="company" recordId={id} />} />
      <Edit
        resource="companies"
        id={id}
        actions={false}
        mutationMode="pessimistic"
        transform={toCompanyBody}
        redirect={false}
        queryOptions={READ_AHEAD_RECORD}
        mutationOptions={{ ...FRESH_RECORD, onSuccess: () => notify(t('errors:companies.updated'), { type: 'success' }) }}
      >
        <DeferredRecord>
          {manage ? <CompanyForm toolbar={<EditToolbar />} /> : <CompanyDetails />}
          <Divider />
          <CompanyUsers canManage={manage} />
        </DeferredRecord>
      </Edit>
    </>
  );
}
