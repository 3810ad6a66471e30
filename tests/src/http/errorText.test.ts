import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/http/errorText';

// The real English catalogue, so the test also pins the spec's words.
const errors = JSON.parse(readFileSync('locales/en-GB/errors.json', 'utf8')) as Record<string, string>;
const t = (key: string) => errors[key.replace(/^errors:/, '')] ?? key;

describe('errorText (spec section 8 order)', () => {
  it('lists the error details first', () => {
    const body = { message: 'ignored', errors: [{ detail: 'First problem.' }, { detail: 'Second problem.', field: 'email' }] };
    expect(errorText(400, body, t)).toEqual(['First problem.', 'Second problem.']);
  });

  it('falls back to the message when there are no details', () => {
    expect(errorText(400, { message: 'The email has already been taken.', errors: [] }, t)).toEqual(['The email has already been taken.']);
    expect(errorText(401, { message: 'Password or Email Address are incorrect.' }, t)).toEqual(['Password or Email Address are incorrect.']);
  });

  it('skips empty details and messages', () => {
    expect(errorText(400, { message: '  ', errors: [{ detail: '' }, {}] }, t)).toEqual(['There was an unknown error.']);
  });

  it('uses the 401 and 404 texts when the body says nothing', () => {
    expect(errorText(401, null, t)).toEqual(['You are not authorised to do that.']);
    expect(errorText(404, '<html>', t)).toEqual(['Page Not Found.']);
  });

  it('ends with the unknown-error text', () => {
    expect(errorText(500, {}, t)).toEqual(['There was an unknown error.']);
    expect(errorText(undefined, undefined, t)).toEqual(['There was an unknown error.']);
  });
});
