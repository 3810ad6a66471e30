import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';

/**
 * Every error text the server can send, and every `errors:` key the app shows, must have words in
 * every locale: a missing one reaches the user as a raw key ("token_invalid"). There is no single
 * exported list of the server's codes (they are `serverMessages.<code>` references spread over
 * server/), so the codes are collected from the source itself: a new code is checked the day it is
 * written, without anyone remembering to add it to a list.
 */

/** Every .ts/.tsx file under a folder, as [path, source]. */
function sources(folder: string): Array<[string, string]> {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => [join(folder, file), readFileSync(join(folder, file), 'utf8')]);
}

/** Every capture group 1 of a pattern over some sources, with where it was found. */
function collect(files: Array<[string, string]>, pattern: RegExp, toKey: (match: RegExpMatchArray) => string[] = (m) => [m[1]]): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, text] of files) for (const match of text.matchAll(pattern)) for (const key of toKey(match)) found.set(key, path);
  return found;
}

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}`. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  else out[prefix] = value;
  return out;
}

const catalogue = (locale: string, namespace: string) => flatten(JSON.parse(readFileSync(join('locales', locale, `${namespace}.json`), 'utf8')));

const server = sources('server');
const errorsTs = readFileSync('server/http/errors.ts', 'utf8');

// errors namespace: what the server sends (serverMessages.<code>, and the engine's account checks that
// server/auth/auth.validation.ts turns into 400s), and what the app shows by key (t('errors:<key>')).
const errorCodes = new Map([
  ...collect(server, /serverMessages((?:\.\w+)+)/g, (m) => [m[1].slice(1)]),
  ...collect(sources('engine/accounts'), /accountError\([^,]+,\s*'(\w+)'/g, (m) => [`account.${m[1]}`]),
  ...collect(sources('src'), /['"`]errors:([\w.]+)['"`]/g),
]);

// validation namespace: the words server/http/errors.ts gives a schema failure (t('validation:<key>'),
// its format table, named('<key>') and the keywords passed on as named(error.keyword)).
const validationKeys = new Map([
  ...collect([['server/http/errors.ts', errorsTs]], /validation:([\w.]+)'/g),
  ...collect([['server/http/errors.ts', errorsTs]], /'(generic\.\w+)'/g),
  ...collect([['server/http/errors.ts', errorsTs]], /named\('(\w+)'/g, (m) => [`field.${m[1]}`]),
  ...collect([['server/http/errors.ts', errorsTs]], /((?:case '\w+':\s*)+)return named\(error\.keyword\)/g, (m) =>
    [...m[1].matchAll(/case '(\w+)'/g)].map((c) => `field.${c[1]}`),
  ),
]);

describe('error texts in every locale', () => {
  it('finds the codes in the source (a pattern that matches nothing would pass every check below)', () => {
    expect([...errorCodes.keys()]).toEqual(
      expect.arrayContaining(['incorrect_credentials', 'not_found', 'too_many_attempts', 'account.no_access', 'account.min_length', 'unknown_error', 'token_invalid']),
    );
    expect([...validationKeys.keys()]).toEqual(expect.arrayContaining(['generic.required', 'generic.email', 'field.numeric', 'field.enum', 'field.invalid']));
  });

  it.each(LOCALES)('%s has a text for every error code the server sends or the app shows', (locale) => {
    const errors = catalogue(locale, 'errors');
    const missing = [...errorCodes].filter(([code]) => typeof errors[code] !== 'string' || (errors[code] as string).trim() === '');
    expect(missing.map(([code, where]) => `${code} (used in ${where})`), `${locale}/errors.json`).toEqual([]);

    const validation = catalogue(locale, 'validation');
    const missingValidation = [...validationKeys].filter(([key]) => typeof validation[key] !== 'string' || (validation[key] as string).trim() === '');
    expect(missingValidation.map(([key, where]) => `${key} (used in ${where})`), `${locale}/validation.json`).toEqual([]);
  });

  it.each(LOCALES.filter((l) => /^(fr|nl)-/.test(l)))('%s words the error codes in its own language, not copied English', (locale) => {
    const english = catalogue(DEFAULT_LOCALE, 'errors');
    const own = catalogue(locale, 'errors');
    // A missing text is the test above's finding; here only texts that are there count.
    const copied = [...errorCodes.keys()].filter((code) => typeof own[code] === 'string' && own[code] === english[code]);
    expect(copied, `${locale}/errors.json copies English`).toEqual([]);
  });

  it('sends no error text of its own outside the catalogue (the app translates by finding the English text there)', () => {
    // A text's shape: its words, with every inserted value ({{minutes}} in the catalogue, ${...} in code) as one mark.
    const HOLE = '\u0000';
    const catalogueShape = (text: string) => text.replace(/\{\{[^}]*\}\}/g, HOLE);
    const codeShape = (literal: string) => {
      let out = '';
      for (let i = 0; i < literal.length; i++) {
        if (literal[i] !== '$' || literal[i + 1] !== '{') {
          out += literal[i];
          continue;
        }
        // Skips a balanced ${ ... } (it may hold braces of its own: ${t('x', { length })}).
        let depth = 0;
        for (i += 1; i < literal.length; i++) {
          if (literal[i] === '{') depth++;
          else if (literal[i] === '}' && --depth === 0) break;
        }
        out += HOLE;
      }
      return out;
    };
    const shapes = new Set(
      [...Object.values(catalogue(DEFAULT_LOCALE, 'errors')), ...Object.values(catalogue(DEFAULT_LOCALE, 'validation'))].map((t) => catalogueShape(String(t))),
    );
    // new NotFound('Some words') (any domain error of server/domain-errors.ts) or .send({ message: 'Some words' })
    // with the words written inline. Comments may quote such texts ("its message: 'connect ECONNREFUSED ...'"): only code counts.
    const code = server.map(([path, text]): [string, string] => [path, text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')]);
    const inline = collect(code, /(?:new (?:BadRequest|Unauthorized|Forbidden|NotFound|Conflict|Stale|TooLarge|Unsupported|Invalid|TooMany)\(\s*(?:[\w.]+,\s*)?|message:\s*)(['"`])((?:(?!\1).)+)\1/g, (m) => [m[2]]);
    const own = [...inline].filter(([text]) => {
      const shape = codeShape(text);
      // Only values put together (`${name} ${t('validation:field.invalid')}`): the words come from the catalogue.
      if (shape.replaceAll(HOLE, '').trim() === '') return false;
      return !shapes.has(shape);
    });
    expect(own.map(([text, where]) => `${text} (${where})`)).toEqual([]);
  });
});
