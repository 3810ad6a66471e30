import type { EnumOptionsType, RJSFSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';

/**
 * The choices of an enum whose schema names its labels with `enumLabels` (an i18n key prefix,
 * e.g. `"enumLabels": "configurator:countries"` gives `GB` the text of `configurator:countries.GB`):
 * a dealer picks "United Kingdom", not "GB". Values that read the same (GB and UK both mean the
 * United Kingdom) are one choice: the selected one if it is among them, else the first.
 * Without `enumLabels` the options are returned as they are.
 * @example labelledOptions([{ value: 'GB', label: 'GB' }, { value: 'UK', label: 'UK' }], { enumLabels: 'configurator:countries' }, t, 'GB')
 *   // [{ value: 'GB', label: 'United Kingdom' }]
 */
export function labelledOptions<S extends RJSFSchema>(
  options: EnumOptionsType<S>[] | undefined,
  schema: S,
  t: TFunction,
  current: unknown,
): EnumOptionsType<S>[] | undefined {
  const prefix = (schema as { enumLabels?: unknown }).enumLabels;
  if (!options || typeof prefix !== 'string') return options;
  const labelled = options.map((o) => ({ ...o, label: t(`${prefix}.${String(o.value)}`, { defaultValue: o.label }) as string }));
  const selected = new Set(Array.isArray(current) ? current : [current]);
  return labelled.filter((o, i) => {
    const twins = labelled.filter((x) => x.label === o.label);
    if (twins.length === 1) return true;
    const chosen = twins.find((x) => selected.has(x.value)) ?? twins[0];
    return chosen === labelled[i];
  });
}
