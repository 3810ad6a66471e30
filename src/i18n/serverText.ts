import errors from '../../locales/en-GB/errors.json';

type Template = { key: string; pattern: RegExp; names: string[] };

function flatten(value: unknown, prefix: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each English catalogue text as a pattern: `Too many attempts. Please try again in {{minutes}} minutes.`
// matches the server's words and gives back `minutes`, so the text can be shown in the user's language.
const TEMPLATES: Template[] = flatten(errors, '', []).map(([key, text]) => {
  const names: string[] = [];
  const source = text
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`), names };
});

/**
 * The server speaks the English catalogue (locales/en-GB/errors.json); this finds which entry a
 * text is, so the app can show it in the user's language. Unknown texts come back unchanged.
 *
 * @example localiseServerText('That email does not exist.', t) // t('errors:email_not_found')
 */
export function localiseServerText(text: string, t: (key: string, params?: Record<string, string>) => string): string {
  for (const { key, pattern, names } of TEMPLATES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    return t(`errors:${key}`, params);
  }
  return text;
}
