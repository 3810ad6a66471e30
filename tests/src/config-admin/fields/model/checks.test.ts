// The format checks and safe patterns staff pick: each proves its samples against the engine's own
// ajv (formats, the postcode keyword) or the `u`-flag regex ajv compiles.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../engine';
import { FORMAT_CHECKS, MAX_PATTERN_LENGTH, patternProblem, SAFE_PATTERNS } from '../../../../../src/config-admin/fields/model/checks';

describe('FORMAT_CHECKS', () => {
  const ajv = createAjv();
  it.each(FORMAT_CHECKS.map((c) => [c.id, c] as const))('%s passes its samples and fails the others', (_id, check) => {
    const validate = ajv.compile({ type: 'string', ...check.schema });
    expect(check.matches?.length).toBeGreaterThan(0);
    for (const sample of check.matches ?? []) expect(validate(sample), `${sample} should pass`).toBe(true);
    for (const sample of check.rejects ?? []) expect(validate(sample), `${sample} should fail`).toBe(false);
  });

  it('has unique ids', () => {
    expect(new Set(FORMAT_CHECKS.map((c) => c.id)).size).toBe(FORMAT_CHECKS.length);
  });
});

describe('SAFE_PATTERNS', () => {
  it.each(SAFE_PATTERNS.map((p) => [p.id, p] as const))('%s is safe and proves its samples', (_id, p) => {
    expect(patternProblem(p.pattern, p.matches, p.rejects)).toBeNull();
    expect(p.matches.length).toBeGreaterThan(0);
    expect(p.rejects.length).toBeGreaterThan(0);
    // The same answer in ajv, which compiles `pattern` with the u flag.
    const validate = createAjv().compile({ type: 'string', pattern: p.pattern });
    for (const s of p.matches) expect(validate(s), s).toBe(true);
    for (const s of p.rejects) expect(validate(s), s).toBe(false);
  });

  it('has 6 to 10 unique ids', () => {
    expect(SAFE_PATTERNS.length).toBeGreaterThanOrEqual(6);
    expect(SAFE_PATTERNS.length).toBeLessThanOrEqual(10);
    expect(new Set(SAFE_PATTERNS.map((p) => p.id)).size).toBe(SAFE_PATTERNS.length);
  });
});

describe('patternProblem', () => {
  it('refuses a catastrophic pattern', () => {
    expect(patternProblem('(a+)+$', ['aaa'], [])).toBe('patternUnsafe');
  });
  it('refuses a pattern that misses a sample or matches a reject', () => {
    expect(patternProblem('^[0-9]{4}$', ['12345'], [])).toBe('patternMissesSample');
    expect(patternProblem('^[0-9]{4,5}$', ['1234'], ['12345'])).toBe('patternMatchesReject');
  });
  it('refuses an empty, too long or invalid pattern (with the u flag)', () => {
    expect(patternProblem('', [], [])).toBe('patternEmpty');
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1), [], [])).toBe('patternTooLong');
    expect(patternProblem('([a-z]', [], [])).toBe('patternInvalid');
    // Valid without the u flag, not with it.
    expect(patternProblem('\\-\\q', [], [])).toBe('patternInvalid');
  });
  it('accepts a safe pattern that proves its samples', () => {
    expect(patternProblem('^[A-Z]{2}[0-9]{3}$', ['AB123'], ['ab123', 'AB1234'])).toBeNull();
  });
});
