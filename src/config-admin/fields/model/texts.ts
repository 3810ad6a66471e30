/**
 * The words of a stage: its titles, help and choices are i18n keys (`configurator:...`) and the
 * draft's `labels` hold their words per locale, keyed without the `configurator:` prefix (as the
 * server writes them). A node's own keys follow its path: `configurator:fields.<stage>.<path>`
 * (`ITEMS` left out: `fields.opening-hours.hours.name`), `configurator:help.<stage>.<path>`,
 * `configurator:descriptions.<stage>.<path>`, `configurator:choices.<stage>.<path>.<value>`.
 */
import { clone, isObject, own } from './json';
import { schemaAt, uiAt } from './tree';
import { EditError, ITEMS, type FieldPath, type JsonObject, type Labels, type StageDraftValue } from './types';

export const NS = 'configurator:';
const KEY = /^[A-Za-z0-9_.-]+$/;

/** The i18n key (without `configurator:`) a text of the file names, or null for plain words. */
export function labelKey(text: unknown): string | null {
  return typeof text === 'string' && text.startsWith(NS) && text.length > NS.length ? text.slice(NS.length) : null;
}

/** The stage's slug as the file says, else `stage`. */
export const fileSlug = (file: unknown): string => (isObject(file) && typeof file.slug === 'string' && file.slug ? file.slug : 'stage');

/** A node's own key (without `configurator:`) in a namespace: `fields.<stage>.<names>`. */
export function nodeKey(file: unknown, namespace: 'fields' | 'help' | 'descriptions' | 'choices', path: FieldPath): string {
  return [namespace, fileSlug(file), ...path.filter((s) => s !== ITEMS)].join('.');
}

/** Sets (or, with empty text, removes) one text of one locale in the draft's labels. */
export function setLabel(draft: StageDraftValue, key: string, locale: string, text: string): StageDraftValue {
  const bare = key.startsWith(NS) ? key.slice(NS.length) : key;
  if (!KEY.test(bare)) throw new EditError('badTextKey', { key });
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) throw new EditError('badLocale', { locale });
  const before = draft.labels?.[locale]?.[bare];
  if ((text === '' && before === undefined) || before === text) return draft;
  const labels: Labels = clone(draft.labels ?? {});
  const texts = { ...(labels[locale] ?? {}) };
  if (text === '') delete texts[bare];
  else texts[bare] = text;
  if (Object.keys(texts).length) labels[locale] = texts;
  else delete labels[locale];
  return { file: draft.file, labels };
}

/** Sets each locale's (trimmed, non-empty) text of one key. */
export function withLabels(draft: StageDraftValue, key: string, texts: Record<string, string> | undefined): StageDraftValue {
  let out = draft;
  for (const [locale, text] of Object.entries(texts ?? {})) if (text.trim()) out = setLabel(out, key, locale, text.trim());
  return out;
}

/** Removes a key's texts in every locale (a removed choice's words). */
export function withoutLabels(draft: StageDraftValue, key: string): StageDraftValue {
  let out = draft;
  for (const locale of Object.keys(draft.labels ?? {})) out = setLabel(out, key, locale, '');
  return out;
}

/** The locale whose words a plain-words text was written in, when it becomes a key. */
export const SOURCE_LOCALE = 'en-GB';

/**
 * The text key of the node's title, help (`ui:help`) or description (`ui:description`) (a choice's
 * words: `ensureChoiceKey`), creating it on the copy when it is missing or plain words (`configurator:fields.<stage>.<path>`,
 * `configurator:help.<stage>.<path>`, `configurator:descriptions.<stage>.<path>`) so its words can be
 * set per locale. Plain words a file had there become the key's en-GB text. The key is answered
 * without `configurator:` (as `labelKey` and the labels write it); the draft is the input itself when
 * the key was there already.
 * @example ensureTextKey(draft, ['hours', ITEMS, 'name'], 'title') // { draft, key: 'fields.opening-hours.hours.name' } (when the title was missing)
 */
export function ensureTextKey(draft: StageDraftValue, path: FieldPath, which: 'title' | 'help' | 'description'): { draft: StageDraftValue; key: string } {
  if (!path.length || path[path.length - 1] === ITEMS) throw new EditError('textsNeedField');
  const schema = schemaAt(draft.file, path);
  if (!schema) throw new EditError('noField', { path: path.filter((s) => s !== ITEMS).join(' / ') });
  const ui = uiAt(draft.file, path);
  const current = which === 'title' ? own(schema, 'title') : ui ? own(ui, which === 'help' ? 'ui:help' : 'ui:description') : undefined;
  const existing = labelKey(current);
  if (existing) return { draft, key: existing };
  const key = nodeKey(draft.file, which === 'title' ? 'fields' : which === 'help' ? 'help' : 'descriptions', path);
  const file = clone(draft.file) as JsonObject;
  if (which === 'title') (schemaAt(file, path) as JsonObject).title = `${NS}${key}`;
  else {
    if (!isObject(file.uiSchema)) file.uiSchema = {};
    let node = file.uiSchema;
    for (const step of path) {
      const name = step === ITEMS ? 'items' : step;
      if (!isObject(own(node, name))) node[name] = {};
      node = node[name] as JsonObject;
    }
    node[which === 'help' ? 'ui:help' : 'ui:description'] = `${NS}${key}`;
  }
  const out = { file, labels: draft.labels ?? {} };
  return { draft: typeof current === 'string' && current.trim() ? setLabel(out, key, SOURCE_LOCALE, current.trim()) : out, key };
}

/**
 * The text key of one choice's words: `<enumLabels>.<value>`, naming the field's words first when it
 * has no `enumLabels` (`configurator:choices.<stage>.<path>`, on a multiChoice's items and list alike,
 * as the shipped files write it). A shared prefix (`configurator:countries`) is every stage's: its
 * words set here are this draft's only.
 * @example ensureChoiceKey(draft, ['tier'], 'gold') // { draft, key: 'choices.franchises.tier.gold' }
 */
export function ensureChoiceKey(draft: StageDraftValue, path: FieldPath, value: string): { draft: StageDraftValue; key: string } {
  const schema = schemaAt(draft.file, path);
  const target = schema && schema.type === 'array' ? (isObject(schema.items) ? schema.items : null) : schema;
  if (!schema || !target || !Array.isArray(target.enum) || target.$ref !== undefined) throw new EditError('noOwnChoices', { path: path.filter((s) => s !== ITEMS).join(' / ') });
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new EditError('choiceUnnamed', { value });
  const existing = labelKey(target.enumLabels);
  if (existing) return { draft, key: `${existing}.${value}` };
  const prefix = nodeKey(draft.file, 'choices', path);
  const file = clone(draft.file) as JsonObject;
  const copy = schemaAt(file, path) as JsonObject;
  const copyTarget = copy.type === 'array' ? (copy.items as JsonObject) : copy;
  copyTarget.enumLabels = `${NS}${prefix}`;
  if (copy !== copyTarget && typeof copy.enumLabels !== 'string') copy.enumLabels = `${NS}${prefix}`;
  return { draft: { file, labels: draft.labels ?? {} }, key: `${prefix}.${value}` };
}
