import { describe, expect, it } from 'vitest';
import { registerStep2Problems, stillWrong } from '../../../../src/session/accountErrors';

const typed = { companyName: 'Northgate Autos', name: 'Ana Silva', email: 'ana@northgate.test', password: 'Northgate-2026', acceptTerms: true, makes: [20], type: 1 };
const problems = (patch: Partial<typeof typed>) => registerStep2Problems({ ...typed, ...patch }).map((e) => `${e.field}:${e.key}`);

describe('register step 2, field by field', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(problems({})).toEqual([]);
  });

  it('judges each field on its own, even where the whole-form check stops at the missing ones', () => {
    // The whole-form check reports only the missing company name here, never the short name.
    expect(problems({ companyName: '', name: 'Ana' })).toEqual(['companyName:account.incomplete_fields', 'name:account.min_length']);
    expect(problems({ email: 'ana@', password: 'short', acceptTerms: false })).toEqual([
      'email:account.invalid_email',
      'password:account.min_length',
      'acceptTerms:account.accept_terms',
    ]);
  });

  it('asks for makes only when the company type shows them', () => {
    expect(problems({ makes: [] })).toEqual(['makes:account.incomplete_fields']);
    expect(problems({ makes: [], type: 6 })).toEqual([]);
  });
});

describe('stillWrong', () => {
  const error = (field: string | null, key: string) => ({ field, key, message: key });

  it('keeps a reported field while it is wrong, with its problem as it is now, and drops it once right', () => {
    const reported = [error('name', 'account.incomplete_fields'), error('email', 'account.incomplete_fields')];
    expect(stillWrong(reported, [error('name', 'account.min_length')])).toEqual([error('name', 'account.min_length')]);
    expect(stillWrong(reported, [])).toEqual([]);
  });

  it('does not report a field the submit did not flag', () => {
    expect(stillWrong([error('name', 'account.min_length')], [error('password', 'account.min_length')])).toEqual([]);
  });
});
