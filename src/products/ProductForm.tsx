import { Box } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput, useGetList, useRecordContext, useTranslate,
  type RaRecord, type Validator,
} from 'react-admin';
import { COST_TYPES, costTypeKey, useProductTerms, useStageChoices, type ProductTaxonomy } from './choices';
import { maxChars, requiredField, type ValidationMessage } from '../forms/validators';
import { FormSection, WIDE } from '../forms/FormSection';
import { APP_FORM } from '../forms/appForm';

/** The fields a product write sends (server/products/products.schemas.ts refuses any other). */
const WRITABLE = [
  'name', 'description', 'cost', 'cost_type', 'cost_notes', 'discount', 'addition', 'conditions', 'editable', 'location_limit', 'stock_limit',
  'per_stock', 'cost_per_stock', 'per_location', 'per_franchise', 'fixed_setup_fee', 'stages', 'parent', 'add_by_default_in_agreement',
] as const;

type Term = { id: number; taxonomy: string };

/** The record as the form edits it: term ids by taxonomy and the children as a list of ids. */
export function toFormRecord(record: RaRecord | undefined): RaRecord | undefined {
  if (!record) return record;
  const terms = (record.terms ?? []) as Term[];
  const ids = (taxonomy: ProductTaxonomy) => terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
  const children = String(record.children ?? '').split(',').filter(Boolean).map(Number);
  // A write's answer carries its growl text; without it, the record the form holds after the refetch
  // is the same, so react-admin does not reset what the user has started typing.
  const copy: RaRecord = { ...record, region_ids: ids('region'), type_ids: ids('type'), children_ids: children };
  delete copy.message;
  return copy;
}

/**
 * The form values as the API's write body (flat, react-admin style): only writable fields, blank
 * text and numbers as null, children as the spec's comma-separated ids, terms by taxonomy.
 *
 * @example toProductBody({ id: 1, name: 'A', children_ids: [3, 7], region_ids: [7], type_ids: [] }) // { name: 'A', children: '3,7', terms: { region: [7], type: [] } }
 */
export function toProductBody(values: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of WRITABLE) if (values[key] !== undefined) body[key] = values[key] === '' ? null : values[key];
  if (Array.isArray(values.children_ids)) body.children = (values.children_ids as unknown[]).map(Number).join(',');
  if (values.region_ids !== undefined || values.type_ids !== undefined) {
    const list = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
    body.terms = { region: list(values.region_ids), type: list(values.type_ids) };
  }
  return body;
}

/** A number in [min, max] (blank is fine), in the words the server uses: 'must be at least 0'. */
const between =
  (min: number, max?: number): Validator =>
  (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    const n = Number(value);
    if (!Number.isFinite(n)) return { message: 'validation:field.numeric', args: {} } satisfies ValidationMessage;
    if (n < min) return { message: 'validation:field.minimum', args: { limit: min } } satisfies ValidationMessage;
    if (max !== undefined && n > max) return { message: 'validation:field.maximum', args: { limit: max } } satisfies ValidationMessage;
    return undefined;
  };


/**
 * Every Product field of spec section 3: details, pricing, limits, the bundle (children, parent),
 * configurator stages and the region and type terms. Leaving with unsaved changes asks first.
 */
export function ProductForm({ toolbar }: { toolbar?: React.ReactElement | false }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const formRecord = useMemo(() => toFormRecord(record), [record]);
  const terms = useProductTerms();
  const { choices: stageCatalogue, ready: stagesReady } = useStageChoices();
  const { data: others = [] } = useGetList('products', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'order_column', order: 'ASC' }, filter: {} });
  const label = (field: string) => translate(`resources.products.fields.${field}`);
  const productChoices = others.filter((p) => p.id !== record?.id).map((p) => ({ id: p.id, name: String(p.name) }));
  // The catalogue's stages, and any stage the product already has that the catalogue does not offer this user.
  const stageChoices = [...stageCatalogue, ...((record?.stages ?? []) as string[]).filter((s) => !stageCatalogue.some((c) => c.id === s)).map((s) => ({ id: s, name: s }))];
  return (
    <SimpleForm record={formRecord} {...APP_FORM} toolbar={toolbar} sx={{ maxWidth: 1000 }}>
      <FormSection title={translate('productsAdmin.sections.details')}>
        <TextInput source="name" validate={[requiredField(label('name')), maxChars(150)]} sx={WIDE} />
        <TextInput source="description" multiline minRows={3} validate={maxChars(5000)} sx={WIDE} />
        <TextInput source="conditions" multiline minRows={2} validate={maxChars(5000)} sx={WIDE} />
      </FormSection>
      <FormSection title={translate('productsAdmin.sections.pricing')}>
        <NumberInput source="cost" step={0.01} validate={between(0)} />
        <SelectInput source="cost_type" choices={COST_TYPES.map((id) => ({ id, name: costTypeKey(id) }))} validate={requiredField(label('cost_type'))} />
        <NumberInput source="discount" step={0.5} validate={between(0, 100)} helperText="productsAdmin.help.discount" />
        <NumberInput source="fixed_setup_fee" step={0.01} validate={between(0)} />
        <TextInput source="cost_notes" validate={maxChars(500)} sx={WIDE} />
        <BooleanInput source="editable" helperText="productsAdmin.help.editable" />
        <BooleanInput source="addition" helperText="productsAdmin.help.addition" />
        <BooleanInput source="add_by_default_in_agreement" />
      </FormSection>
      <FormSection title={translate('productsAdmin.sections.limits')}>
        <BooleanInput source="per_location" />
        <NumberInput source="location_limit" step={1} validate={between(0)} />
        <BooleanInput source="per_franchise" />
        <Box />
        <BooleanInput source="per_stock" />
        <NumberInput source="stock_limit" step={1} validate={between(0)} />
        <NumberInput source="cost_per_stock" step={0.01} validate={between(0)} />
      </FormSection>
      <FormSection title={translate('productsAdmin.sections.relations')}>
        <AutocompleteArrayInput source="children_ids" label="resources.products.fields.children" choices={productChoices} translateChoice={false} helperText="productsAdmin.help.children" sx={WIDE} />
        <AutocompleteInput source="parent" choices={productChoices} translateChoice={false} helperText="productsAdmin.help.parent" parse={(v) => (v === '' || v == null ? null : Number(v))} />
        {/* Once the catalogue has answered: the chips keep the names of the choices they first had. */}
        {stagesReady ? <AutocompleteArrayInput source="stages" choices={stageChoices} translateChoice={false} helperText="productsAdmin.help.stages" sx={WIDE} /> : <Box sx={WIDE} />}
      </FormSection>
      <FormSection title={translate('productsAdmin.sections.terms')}>
        <AutocompleteArrayInput source="region_ids" choices={terms.region} translateChoice={false} />
        <AutocompleteArrayInput source="type_ids" choices={terms.type} translateChoice={false} />
      </FormSection>
    </SimpleForm>
  );
}
