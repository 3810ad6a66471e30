/**
 * The texts a stage file names (`"title": "configurator:fields.x"`) that a locale lacks: neither
 * the portal's own texts (locales/<locale>/configurator.json) nor the draft's labels have them.
 * Listed before publishing, so staff see the French and Dutch gaps of a new field before dealers do.
 */
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../engine';
import type { StageLabels } from '../db/schema';
import type { MissingTranslation } from '../../contract/catalogue';

const NS = 'configurator:';

let shipped: Map<string, unknown> | null = null;
/** The portal's configurator texts per locale, read once. */
function shippedTexts(): Map<string, unknown> {
  shipped ??= new Map(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`../../locales/${locale}/configurator.json`, import.meta.url), 'utf8')) as unknown]));
  return shipped;
}

const lookup = (texts: unknown, key: string) => key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), texts);

/** Every `configurator:` key a file uses, in the order it first uses them. */
export function textKeys(file: unknown): string[] {
  const keys = new Set<string>();
  // Iterative: a hostile file may be nested far deeper than the stack (publishProblems refuses it, but this runs first on a draft).
  const stack: unknown[] = [file];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (node.startsWith(NS) && node.length > NS.length) keys.add(node.slice(NS.length));
    } else if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    else if (node && typeof node === 'object') stack.push(...Object.values(node).reverse());
  }
  return [...keys];
}

/** The keys each locale lacks; a key whose value is an object of texts (enumLabels) counts as there. */
export function missingTranslations(file: unknown, labels: StageLabels): MissingTranslation[] {
  const out: MissingTranslation[] = [];
  const keys = textKeys(file);
  for (const locale of LOCALES) {
    const own = shippedTexts().get(locale);
    for (const key of keys) {
      if (labels[locale]?.[key] !== undefined || lookup(own, key) !== undefined) continue;
      out.push({ locale, key });
    }
  }
  return out;
}
