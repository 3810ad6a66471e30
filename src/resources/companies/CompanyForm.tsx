import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayInput, AutocompleteArrayInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, useTranslate, type RaRecord,
} from 'react-admin';
import { STAGES, STATUSES, useCompanyTerms, type Taxonomy } from './choices';
import { httpUrl, maxChars, requiredField, uniqueMetaKeys } from './validate';

/** Stable (the form resets on change of this object): a refetched record keeps the user's edits. */
const KEEP_DIRTY = { keepDirtyValues: true } as const;

const LANGS = ['en', 'fr', 'nl'] as const;

/** The fields a company write sends (server/routes/companies-schemas.ts refuses any other). */
const WRITABLE = [
  'name', 'lang', 'stage', 'status', 'contact_name', 'contact_number', 'fsa_number', 'reg_number', 'vat_number', 'website_address',
] as const;

/**
 * The form values as the API's write body: only writable fields (the record also holds id, guid,
 * users, taxonomies...), address lines, meta without blank rows, and term ids per taxonomy.
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
  if (Array.isArray(values.meta)) {
    body.meta = (values.meta as Array<{ meta_key?: string; meta_value?: string | null }>)
      .filter((m) => m?.meta_key?.trim())
      .map((m) => ({ meta_key: m.meta_key!.trim(), meta_value: m.meta_value ?? null }));
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
 * Every Company field of spec section 3 with react-admin inputs: details, the two addresses, the
 * taxonomies (type, region, partner, make) and meta (logo and other key/value pairs). Leaving with
 * unsaved changes asks first (warnWhenUnsavedChanges).
 */
export function CompanyForm({ toolbar }: { toolbar?: React.ReactElement | false }) {
  const translate = useTranslate();
  const terms = useCompanyTerms();
  const label = (field: string) => translate(`resources.companies.fields.${field}`);
  const termChoices = (taxonomy: Taxonomy) => terms[taxonomy].map((t) => ({ id: t.id, name: t.name }));
  return (
    <SimpleForm warnWhenUnsavedChanges resetOptions={KEEP_DIRTY} toolbar={toolbar} sx={{ maxWidth: 1000 }}>
      <Section title={translate('companiesAdmin.sections.details')}>
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
