/**
 * The fields a condition may compare, as the builder offers them: the `var` path the logic reads,
 * the words staff know it by, its kind (which operators and values fit) and an enum's choices.
 */
import { COMPANY_REGIONS } from '../../../engine';
import type { Scalar } from './conditionModel';

export type FieldKind = 'boolean' | 'enum' | 'number' | 'text';

export interface ConditionField {
  /** The JSON-logic `var` path: `data.payment.deposit`, `doc.company-information.companyInformation.country`, `provider`. */
  path: string;
  label: string;
  kind: FieldKind;
  /** An enum's values with their words. */
  choices?: { value: Scalar; label: string }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind of a schema's field, or null for what a condition does not compare (objects, lists). */
export function fieldKind(schema: Json): FieldKind | null {
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.type === 'string') return 'text';
  return null;
}

/**
 * The comparable fields of an object schema and of the objects written inline in it, named under
 * `prefix` (`data`: a check's own stage; `doc.<slug>`: an earlier stage; '' : a visibleIf's object).
 * `textOf` turns a schema title (an i18n key) into words, and an enum value into its label.
 * @example conditionFields(file.schema, 'doc.buying-online', textOf) // [{ path: 'doc.buying-online.payment.deposit', label: 'Deposit', kind: 'boolean' }, ...]
 */
export function conditionFields(schema: unknown, prefix: string, textOf: (title: string | null, enumLabels?: string, value?: Scalar) => string, depth = 0): ConditionField[] {
  if (!isObject(schema) || !isObject(schema.properties) || depth > 4) return [];
  const out: ConditionField[] = [];
  for (const [name, field] of Object.entries(schema.properties)) {
    if (!isObject(field)) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    const kind = fieldKind(field);
    const label = textOf(typeof field.title === 'string' ? field.title : null) || name;
    if (kind === 'enum') {
      const enumLabels = typeof field.enumLabels === 'string' ? field.enumLabels : undefined;
      const choices = (field.enum as unknown[]).filter((v): v is Scalar => v === null || typeof v !== 'object').map((value) => ({ value, label: (enumLabels && textOf(null, enumLabels, value)) || String(value) }));
      out.push({ path, label, kind, choices });
    } else if (kind) out.push({ path, label, kind });
    else if (isObject(field.properties)) out.push(...conditionFields(field, path, textOf, depth + 1));
  }
  return out;
}

/** The `var` path of the company's region, as a `visibleIf` reads it (engine/stages/visibility.ts). */
export const COMPANY_REGION_PATH = '$company.region';

/**
 * The company's facts a `visibleIf` may compare (engine `$company`; the linter refuses them in
 * requiredIf, rules and checks): its region, a choice of the regions a company may have, each named
 * by `regionLabel` (the app names regions as countries: i18n/dataWords.ts `regionName`).
 * `textOf` gives the configAdmin texts (`stages.conditions.company.*`).
 * @example companyFields((k) => t(k), (slug) => regionName({ slug, name: slug }, lng))
 *   // [{ path: '$company.region', label: "Company's region", kind: 'enum', choices: [{ value: 'uk', label: 'United Kingdom' }, ...] }]
 */
export function companyFields(textOf: (key: string) => string, regionLabel: (slug: string) => string): ConditionField[] {
  const choices = COMPANY_REGIONS.map((value) => ({ value, label: regionLabel(value) }));
  return [{ path: COMPANY_REGION_PATH, label: textOf('stages.conditions.company.region'), kind: 'enum', choices }];
}
