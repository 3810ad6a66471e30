/**
 * A JSON body is walked once (issue 24): the body guard's walk (the engine's findInputProblem with
 * BODY_LIMITS) finds unstorable text too, and shape problems keep answering first, as when the
 * input guard walked the body a second time after the body guard.
 */
import { describe, expect, it } from 'vitest';
import { findInputProblem } from '../../../engine';
import { BODY_LIMITS } from '../../../server/http/body-guard';

describe("the body guard's one walk", () => {
  it('finds a NUL or a lone surrogate in a value or a key, naming where', () => {
    expect(findInputProblem({ user: { name: 'a\u0000b' } }, BODY_LIMITS)).toEqual({ kind: 'unstorable', path: ['user', 'name'] });
    expect(findInputProblem({ list: ['ok', '\ud800'] }, BODY_LIMITS)).toEqual({ kind: 'unstorable', path: ['list', 1] });
    expect(findInputProblem({ meta: { 'k\u0000': 1 } }, BODY_LIMITS)).toEqual({ kind: 'unstorable', path: ['meta', 'k\u0000'] });
  });

  it('passes an emoji (a surrogate pair) and any text the database stores', () => {
    expect(findInputProblem({ name: 'Garage 😀 Côte d’Azur' }, BODY_LIMITS)).toBeNull();
  });

  it('answers a shape problem before unstorable text, wherever each is', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expect(findInputProblem({ name: 'a\u0000b', deep }, BODY_LIMITS)?.kind).toBe('depth');
    expect(findInputProblem(JSON.parse('{"name":"a\\u0000b","__proto__":{}}'), BODY_LIMITS)?.kind).toBe('unsafeKey');
  });

  it('leaves the stage-data limits alone: the engine finds no unstorable text unless asked', () => {
    expect(findInputProblem({ name: 'a\u0000b' })).toBeNull();
  });
});
