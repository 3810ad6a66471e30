import { Box, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
  ArrayInput, AutocompleteArrayInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { STAGES, STATUSES, useCompanyTerms, type Taxonomy } from './choices';
import { CompanyLogoInput, LOGO_FIELD } from './CompanyLogoInput';
import { ReminderDaysInput } from './ReminderDaysInput';
import { httpUrl, maxChars, requiredField } from '../forms/validators';
import { uniqueMetaKeys } from './validate';
import { APP_FORM } from '../forms/appForm';

/** Stable (the form resets on change of this object): a refetched record keeps the user's edits. */
const KEEP_DIRTY = { keepDirtyValues: true } as const;

const LANGS = ['en', 'fr', 'nl'] as const;

/** The fields a company write sends (server/companies/companies.schemas.ts refuses any other). */
const WRITABLE = [
  'name', 'lang', 'stage', 'status', 'contact_name', 'contact_number', 'fsa_number', 'reg_number', 'vat_number', 'website_address', 'reminder_days',
] as const;

type MetaRow = { meta_key?: string; meta_value?: string | null };

/** The logo's media guid in a value: the guid itself, or the API's `logo` object ({guid, url, thumbnail_url}). */
const logoValue = (value: unknown): string | null | undefined =>
  value && typeof value === 'object' ? ((value as { guid?: string }).guid ?? null) : (value as string | null | undefined);

/**
 * The record as the form edits it: the logo as its own input (`logo`: the media guid, while its file
 * exists) and the other meta pairs in the list. A logo whose file is gone is left out, so saving the
 * form clears it instead of being refused.
 *
 * @example companyFormRecord({ id: 1, meta: [{ meta_key: 'logo', meta_value: 'g' }], logo: { guid: 'g' } }) // { id: 1, meta: [], logo: 'g' }
 */
export function companyFormRecord<T extends Partial<RaRecord>>(record: T | undefined): T | undefined {
  if (!record) return record;
  const meta = Array.isArray(record.meta) ? (record.meta as MetaRow[]).filter((m) => m?.meta_key !== LOGO_FIELD) : record.meta;
  return { ...record, meta, [LOGO_FIELD]: logoValue(record[LOGO_FIELD]) ?? null };
}

/**
 * The form values as the API's write body: only writable fields (the record also holds id, guid,
 * users, taxonomies...), address lines, meta without blank rows (the logo input's guid as meta `logo`),
 * and term ids per taxonomy.
 *
 * @example toCompanyBody({ id: 1, name: 'A', terms: { region: [7] }, users: [] }) // { name: 'A', terms: { region: [7] } }
 */
export function toCompanyBody(values: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of WRITABLE) if (values[key] !== undefined) body[key] = values[key] === '' ? null : values[key];
  for (const key of ['address', 'reg_address'] as const) {
    const lines = values[key] as Record<string, string | null> | undefined;
    if (lines) body[key] = { line1: lines.line1 || null, line2: lines.line2 || null, line3: lines.line3 || null };
  }
  const logo = logoValue(values[LOGO_FIELD]);
  if (Array.isArray(values.meta) || logo !== undefined) {
    const rows = ((values.meta ?? []) as MetaRow[]).filter((m) => m?.meta_key?.trim()).map((m) => ({ meta_key: m.meta_key!.trim(), meta_value: m.meta_value ?? null }));
    // With a logo input in the values, it alone decides the logo.
    body.meta = logo === undefined ? rows : [...rows.filter((m) => m.meta_key !== LOGO_FIELD), ...(logo ? [{ meta_key: LOGO_FIELD, meta_value: logo }] : [])];
  }
  const terms = values.terms as Partial<Record<Taxonomy, unknown>> | undefined;
  if (terms) {
    body.terms = Object.fromEntries(
      Object.entries(terms).map(([taxonomy, ids]) => [taxonomy, (Array.isArray(ids) ? ids : ids === '' || ids == null ? [] : [ids]).map(Number)]),
    );
  }
  return body;
}

// A single-choice taxonomy is stored as a list of one term id.
const one = { format: (v: unknown) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')), parse: (v: unknown) => (v === '' || v == null ? [] : [Number(v)]) };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 0, md: 2 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/**
 * Every Company field of spec section 3 with react-admin inputs: the logo (picked from the media
 * library or uploaded), details and the reminders of untouched stages (issue 55), the two addresses, the taxonomies (type, region, partner, make) and
 * the other meta key/value pairs. Leaving with unsaved changes asks first (warnWhenUnsavedChanges).
 */
export function CompanyForm({ toolbar }: { toolbar?: React.ReactElement | false }) {
  const translate = useTranslate();
  const loaded = useRecordContext();
  const record = useMemo(() => companyFormRecord(loaded), [loaded]);
  const terms = useCompanyTerms();
  const label = (field: string) => translate(`resources.companies.fields.${field}`);
  const termChoices = (taxonomy: Taxonomy) => terms[taxonomy].map((t) => ({ id: t.id, name: t.name }));
  return (
    <SimpleForm record={record} {...APP_FORM} resetOptions={KEEP_DIRTY} toolbar={toolbar} sx={{ maxWidth: 1000 }}>
      <Section title={translate('companiesAdmin.sections.details')}>
        <CompanyLogoInput companyId={typeof record?.id === 'number' ? record.id : undefined} companyName={String(record?.name ?? '')} />
        <TextInput source="name" validate={[requiredField(label('name')), maxChars(150)]} />
        <TextInput source="website_address" validate={[httpUrl, maxChars(255)]} />
        <TextInput source="contact_name" validate={maxChars(150)} />
        <TextInput source="contact_number" validate={maxChars(50)} />
        <TextInput source="reg_number" validate={maxChars(50)} />
        <TextInput source="vat_number" validate={maxChars(50)} />
        <TextInput source="fsa_number" validate={maxChars(50)} />
        <SelectInput source="lang" choices={LANGS.map((id) => ({ id, name: `companiesAdmin.langs.${id}` }))} emptyText="" />
        <SelectInput source="stage" choices={STAGES.map((id) => ({ id, name: `companiesAdmin.stages.${id}` }))} />
        <SelectInput source="status" choices={STATUSES.map((id) => ({ id, name: `companiesAdmin.statuses.${id}` }))} />
        <ReminderDaysInput />
      </Section>
      <Section title={translate('companiesAdmin.sections.address')}>
        <TextInput source="address.line1" validate={maxChars(150)} />
        <TextInput source="address.line2" validate={maxChars(150)} />
        <TextInput source="address.line3" validate={maxChars(150)} />
      </Section>
      <Section title={translate('companiesAdmin.sections.regAddress')}>
        <TextInput source="reg_address.line1" validate={maxChars(150)} />
        <TextInput source="reg_address.line2" validate={maxChars(150)} />
        <TextInput source="reg_address.line3" validate={maxChars(150)} />
      </Section>
      <Section title={translate('companiesAdmin.sections.taxonomies')}>
        <SelectInput source="terms.type" choices={termChoices('type')} {...one} translateChoice={false} emptyText="" />
        <SelectInput source="terms.region" choices={termChoices('region')} {...one} translateChoice={false} emptyText="" />
        <SelectInput source="terms.partner" choices={termChoices('partner')} {...one} translateChoice={false} emptyText="" />
        <AutocompleteArrayInput source="terms.make" choices={termChoices('make')} translateChoice={false} />
      </Section>
      <Section title={translate('companiesAdmin.sections.meta')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="body2" color="text.secondary">
            {translate('companiesAdmin.metaHelp')}
          </Typography>
          <ArrayInput source="meta" label={false} validate={uniqueMetaKeys}>
            <SimpleFormIterator inline disableReordering>
              <TextInput source="meta_key" label="resources.companies.fields.meta_key" validate={[requiredField(label('meta_key')), maxChars(64)]} helperText={false} />
              <TextInput source="meta_value" label="resources.companies.fields.meta_value" validate={maxChars(2000)} helperText={false} sx={{ minWidth: { md: 360 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Box>
      </Section>
    </SimpleForm>
  );
}
