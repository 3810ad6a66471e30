// The structured editor's errors carry a code and params (issue 56): staff read them in their own
// language. Every code has words in the 7 locales with the same params, en-GB's are the English
// message the error keeps for logs, and a change's consequence has a sentence in every locale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDIT_ERROR_TEXTS, EditError, type EditErrorCode } from '../../../../../src/config-admin/fields/model/errors';
import { addNode, setLayout } from '../../../../../src/config-admin/fields/model/edits';
import { ITEMS } from '../../../../../src/config-admin/fields/model/types';
import { draftOf } from './helpers';

const LOCALES = ['en-GB', 'en-AU', 'en-ZA', 'fr-FR', 'fr-BE', 'nl-NL', 'nl-BE'];
type Words = { errors: Record<string, string>; kindSwitch: Record<string, unknown> & { effects: Record<string, string> } };
const widgets = (locale: string): Words => (JSON.parse(readFileSync(`locales/${locale}/configAdmin.json`, 'utf8')) as { stages: { widgets: Words } }).stages.widgets;
const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const codes = Object.keys(EDIT_ERROR_TEXTS) as EditErrorCode[];

describe('EditError', () => {
  it('keeps its code and params, and its English words as the message', () => {
    const error = new EditError('nameTaken', { name: 'franchise' });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('nameTaken');
    expect(error.params).toEqual({ name: 'franchise' });
    expect(error.message).toBe('There is already a field "franchise" here.');
  });

  it('the model throws codes: a taken name, the inside of a shared shape, a layout a group has not', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof EditError ? [error.code, error.params] : error;
      }
    };
    const d = draftOf('franchises');
    expect(codeOf(() => addNode(d, [], { name: 'franchises', kind: 'text' }))).toEqual(['nameTaken', { name: 'franchises' }]);
    expect(codeOf(() => addNode(draftOf('locations'), ['locations', ITEMS], { name: 'x', kind: 'text' }))).toEqual(['insideShape', { path: 'locations', shape: 'location' }]);
    expect(codeOf(() => setLayout(draftOf('design'), ['brief'], 'table'))).toEqual(['groupLayout', { layout: 'table' }]);
  });

  it.each(LOCALES)('every code has words in %s with the same params', (locale) => {
    const errors = widgets(locale).errors;
    expect(Object.keys(errors).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(params(errors[code]), `${locale} ${code}`).toEqual(params(EDIT_ERROR_TEXTS[code]));
  });

  it("en-GB's words are the English message", () => {
    expect(widgets('en-GB').errors).toEqual(EDIT_ERROR_TEXTS);
  });

  it.each(LOCALES)('"Change to…" has every sentence in %s, French and Dutch in their own words', (locale) => {
    const words = widgets(locale).kindSwitch;
    expect(Object.keys(words.effects).sort()).toEqual(['kept', 'lineBreaks', 'listToOne', 'mustBeAChoice', 'oneToList', 'sliderRange']);
    if (!locale.startsWith('en')) expect(words.effects.oneToList).not.toBe(widgets('en-GB').kindSwitch.effects.oneToList);
    for (const code of codes) if (!locale.startsWith('en')) expect(widgets(locale).errors[code]).not.toBe(EDIT_ERROR_TEXTS[code]);
  });
});
