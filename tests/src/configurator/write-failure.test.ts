import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/http';
import { writeFailureMessage } from '../../../src/configurator/stage/writeFailure';

// The real English catalogues, so the words the user reads are pinned too.
const catalogues = {
  errors: JSON.parse(readFileSync('locales/en-GB/errors.json', 'utf8')) as Record<string, string>,
  common: JSON.parse(readFileSync('locales/en-GB/common.json', 'utf8')) as Record<string, unknown>,
};
const lookup = (key: string): string => {
  const [ns, path] = key.includes(':') ? key.split(':') : ['common', key];
  const found = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[ns as keyof typeof catalogues]);
  return typeof found === 'string' ? found : key;
};
const t = lookup as unknown as TFunction;
const refused = (body: unknown) => new HttpError(409, body, (key) => lookup(key));

describe('what a failed restore or reset tells the user', () => {
  it("calls a 409 that names the config's current version someone else's change", () => {
    const stale = refused({ message: 'This configuration has been changed.', errors: [{ detail: 'This configuration has been changed.', field: 'version' }], version: 7 });
    expect(writeFailureMessage(stale, t)).toBe(lookup('configPages.conflict'));
    expect(writeFailureMessage(stale, t)).toMatch(/changed this configuration/);
  });

  it("shows the server's own words for any other 409 (a closed gate), never the conflict", () => {
    const gate = 'Company information must be complete before other sections are accessible.';
    const closed = refused({ message: gate, errors: [{ detail: gate }] });
    expect(writeFailureMessage(closed, t)).toBe(gate);
  });
});
