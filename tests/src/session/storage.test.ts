import { describe, expect, it } from 'vitest';
import { jwtExpiry } from '../../../src/session/storage';

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('jwtExpiry', () => {
  it('reads exp (seconds) as milliseconds', () => {
    expect(jwtExpiry(jwt({ sub: '4', exp: 1_767_225_600 }))).toBe(1_767_225_600_000);
  });

  it('gives null for tokens without exp or that are not JWTs', () => {
    expect(jwtExpiry(jwt({ sub: '4' }))).toBeNull();
    expect(jwtExpiry('not-a-token')).toBeNull();
    expect(jwtExpiry('')).toBeNull();
  });
});
