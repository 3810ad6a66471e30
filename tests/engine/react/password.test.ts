import { describe, expect, it } from 'vitest';
import { FORBIDDEN_PASSWORD_CHARS, generatePassword, passwordStrength, strengthLevel, STRENGTH_LEVELS } from '../../../engine/react/password';

describe('generatePassword', () => {
  it('gives 20-24 characters with numbers and symbols and none of : ; . ^ ,', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const p = generatePassword();
      lengths.add(p.length);
      expect(p.length).toBeGreaterThanOrEqual(20);
      expect(p.length).toBeLessThanOrEqual(24);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^a-zA-Z\d]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      for (const ch of FORBIDDEN_PASSWORD_CHARS) expect(p).not.toContain(ch);
      expect(new Set(p).size).toBe(p.length);
    }
    expect([...lengths].sort()).toEqual([20, 21, 22, 23, 24]);
  });

  it('is rated very strong', () => {
    for (let i = 0; i < 2000; i++) expect(strengthLevel(generatePassword())).toBe('veryStrong');
  });
});

describe('passwordStrength', () => {
  it('has five levels, weakest first', () => {
    expect(STRENGTH_LEVELS).toEqual(['veryWeak', 'weak', 'reasonable', 'strong', 'veryStrong']);
  });

  it.each([
    ['', 'veryWeak'],
    ['abc', 'veryWeak'],
    ['password123', 'veryWeak'],
    ['aaaaaaaaaaaa', 'veryWeak'],
    ['hqzmwpxd', 'weak'],
    ['Hqzmwpxd42', 'reasonable'],
    ['Hqzmwp-xd42!Lk', 'strong'],
    ['k7R{q-2Bn@xZ4m?Tp8=wYd', 'veryStrong'],
  ])('%j is %s', (password, level) => {
    expect(strengthLevel(password)).toBe(level);
  });

  it('never falls when a character is added to a random password', () => {
    let p = 'Qx7';
    let last = passwordStrength(p);
    for (let i = 0; i < 25; i++) {
      p += generatePassword()[0];
      const now = passwordStrength(p);
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });
});
