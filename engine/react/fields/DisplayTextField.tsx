import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { getTemplate, getUiOptions, titleId, type FieldProps } from '@rjsf/utils';
import type { StageFormContext } from '../context';
import { CONFIGURATOR_NS, useConfiguratorT } from '../i18n';

/** A value with nothing in it: missing, '', an empty list, or an object whose every value is empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every(isEmptyValue);
  return false;
}

/** The interpolation values of a filled text: an object's own scalar properties, else `{ value }`. */
export function displayTextParams(value: unknown): Record<string, string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
    return out;
  }
  return { value: Array.isArray(value) ? value.join(', ') : String(value) };
}

const LINK = /<link>([\s\S]*?)<\/link>/;
/** The stand-in of the i-th value in the translated text (private-use characters no text holds). */
const standIn = (i: number) => `\uE000${i}\uE001`;

/**
 * The translated text with its values put in as plain text, and its one `<link>…</link>` made a
 * link. The values go in after the markup is read (as numbered stand-ins i18next fills first), so a
 * value that itself holds `<link>` is shown as typed, never made a link.
 */
function renderText(text: string, values: readonly string[], href: string | undefined): ReactNode[] {
  const fill = (part: string, key: string): ReactNode[] =>
    part.split(/\uE000(\d+)\uE001/).map((piece, i) => (i % 2 ? <span key={`${key}-${i}`}>{values[Number(piece)]}</span> : piece));
  const m = href ? LINK.exec(text) : null;
  if (!m || !href) return fill(text.replace(/<\/?link>/g, ''), 't');
  return [
    ...fill(text.slice(0, m.index), 'a'),
    <Link key="link" href={href}>
      {fill(m[1], 'l')}
    </Link>,
    ...fill(text.slice(m.index + m[0].length), 'b'),
  ];
}

/**
 * `"ui:field": "displayText"`: a value staff or dealers read but never type, shown as a sentence
 * under the field's title instead of a disabled input (e.g. the internal pages stage's `layout`,
 * filled by applying an internal page layout). `ui:options`:
 * - `text`: i18n key shown when the value is filled; an object's scalar properties are its values
 *   (`"From the layout {{name}}"`), a plain value is `{{value}}`. Without it a plain value is shown as it is.
 * - `emptyText`: i18n key shown when the value is empty (missing, '', [] or an object of empty values).
 * - `link`: a route path of the app (`/backend/config-admin/internal-page-layouts`); the part of either
 *   text inside `<link>…</link>` links there (the address made by StageForm's `linkHref`).
 * @example { "layout": { "ui:field": "displayText", "ui:options": { "emptyText": "configurator:help.internalLayoutNone", "text": "configurator:help.internalLayoutFrom", "link": "/backend/config-admin/internal-page-layouts" } } }
 */
export function DisplayTextField(props: FieldProps) {
  const { formData, schema, uiSchema, registry, name } = props;
  const t = useConfiguratorT();
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const id = props.fieldPathId?.$id ?? name;
  const empty = isEmptyValue(formData);
  const key = typeof (empty ? options.emptyText : options.text) === 'string' ? ((empty ? options.emptyText : options.text) as string) : undefined;
  const params = empty ? {} : displayTextParams(formData);
  const names = Object.keys(params);
  const stand = Object.fromEntries(names.map((n, i) => [n, standIn(i)]));
  const text = key
    ? (t(key, { ns: CONFIGURATOR_NS, defaultValue: key, ...stand, interpolation: { escapeValue: false } }) as string)
    : empty
      ? ''
      : standIn(0);
  const values = key ? names.map((n) => params[n]) : [empty ? '' : (params.value ?? Object.values(params).join(' '))];
  const path = typeof options.link === 'string' ? options.link : undefined;
  const linkHref = (registry.formContext as Partial<StageFormContext> | undefined)?.linkHref;
  const href = path ? (linkHref ? linkHref(path) : path) : undefined;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? '';
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const showTitle = options.label !== false && title !== '';
  return (
    <Box id={id} className="stage-display-text" sx={{ mb: 2 }}>
      {showTitle ? <TitleFieldTemplate id={titleId(id)} title={title} required={false} schema={schema} uiSchema={uiSchema} registry={registry} /> : null}
      <Typography variant="body1" data-testid={`${id}__text`} data-empty={empty ? 'true' : 'false'} color={empty ? 'text.secondary' : 'text.primary'}>
        {renderText(text, values, href)}
      </Typography>
    </Box>
  );
}
