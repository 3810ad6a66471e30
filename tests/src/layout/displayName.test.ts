import { describe, expect, it } from 'vitest';
import { displayName, initial } from '../../../src/layout/displayName';

describe('top bar greeting name', () => {
  it('uses the name, else the part of the email before the at-sign', () => {
    expect(displayName({ name: 'Dana Dealer', email: 'dealer@demo.test' })).toBe('Dana Dealer');
    expect(displayName({ name: '  ', email: 'dealer@demo.test' })).toBe('dealer');
    expect(displayName({ email: 'pm@demo.test' })).toBe('pm');
  });

  it('gives the initial for the avatar', () => {
    expect(initial({ name: 'dana', email: 'x@y.z' })).toBe('D');
    expect(initial({ name: '', email: '' })).toBe('?');
  });
});
