/**
 * The texts a stage file names (`"title": "configurator:fields.x"`) that a locale lacks: neither
 * the portal's own texts (locales/<locale>/configurator.json, loaded into the engine as the server
 * starts) nor the draft's labels have them.
 * Listed before publishing, so staff see the French and Dutch gaps of a new field before dealers do.
 */
import { hasConfiguratorText, LOCALES } from '../../engine';
import type { StageLabels } from '../db/schema';
import type { MissingTranslation } from '../../contract/catalogue';

const NS = 'configurator:';

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

/** An `enumLabels` prefix (`choices.x`) is there when the labels hold its choices (`choices.x.a`). */
const hasPrefix = (texts: Record<string, string> | undefined, key: string) => !!texts && Object.keys(texts).some((k) => k.startsWith(`${key}.`));

/** The keys each locale lacks; a key whose value is an object of texts (enumLabels) counts as there. */
export function missingTranslations(file: unknown, labels: StageLabels): MissingTranslation[] {
  const out: MissingTranslation[] = [];
  const keys = textKeys(file);
  for (const locale of LOCALES) {
    for (const key of keys) {
      if (labels[locale]?.[key] !== undefined || hasPrefix(labels[locale], key) || hasConfiguratorText(locale, key)) continue;
      out.push({ locale, key });
    }
  }
  return out;
}
