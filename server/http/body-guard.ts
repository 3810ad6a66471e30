/**
 * Limits of every JSON request body. The body limit (1 MiB) bounds bytes, not shape: 40 KB of
 * {"a":{"a":...}} nests 1,500 levels, enough to overflow the stack of any recursive walk behind a
 * route. These are a backstop for what no route schema bounds, so they sit above the engine's limits
 * for stage data (engine/validation/input-guard.ts): stage data one or two levels down in a body
 * reaches the engine, whose error names the field in the validation catalogue's words.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_INPUT_DEPTH, MAX_INPUT_ITEMS, engineT, findInputProblem, type InputLimits, type InputProblem } from '../../engine';
import { BadRequest } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';

/** Twice the engine's depth: a request wraps stage data in a level or two; real bodies have under 10. */
export const MAX_BODY_DEPTH = 2 * MAX_INPUT_DEPTH;
/** Twice the engine's list size: the largest stage list (5,000) plus room. */
export const MAX_BODY_ITEMS = 2 * MAX_INPUT_ITEMS;

/**
 * Strings are not bounded here, on purpose: a string cannot nest, the body limit already bounds its
 * bytes, and every field that takes one has its own limit with its own message, which a generic cap
 * would overrule ("Must have at most 255 characters." for a megabyte of name, tests/server/register;
 * the engine's 100,000 characters, naming the field, for stage data).
 */
export const BODY_LIMITS: Readonly<InputLimits> = Object.freeze({
  maxDepth: MAX_BODY_DEPTH,
  maxItems: MAX_BODY_ITEMS,
  maxStringLength: Number.POSITIVE_INFINITY,
  // The same walk finds text the database cannot store (http/input-guard.ts), so a body is walked once.
  storableText: true,
});

// API messages are English (the app translates), in the validation catalogue's words where it has them.
const t = engineT('en-GB');

/** The problem in the error shape's words: `field` is the dotted path (as for route schema errors). */
function describe(problem: InputProblem, bodyName?: string): { message: string; field?: string } {
  const field = problem.path.join('.') || undefined;
  const name = field ?? 'body';
  switch (problem.kind) {
    case 'depth':
      return { message: interpolate(serverMessages.body_too_deep, { limit: String(problem.limit) }), field };
    case 'items':
      return { message: `${name} ${t('validation:field.maxItems', { length: problem.limit })}`, field };
    case 'stringLength': // only with limits that bound strings (BODY_LIMITS does not)
      return { message: t('validation:generic.maxLength', { length: problem.limit }), field };
    case 'unstorable': // in input-guard.ts's words, as for the query and path; a body that is one string is "body"
      return { message: serverMessages.text_not_storable, field: field ?? (problem.path.length ? undefined : bodyName) };
    default:
      return { message: `${name} ${t('validation:field.invalid')}`, field };
  }
}

/** A JSON body (`application/json` or `+json`): the bodies this guard walks. */
export function isJsonBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/(?:[\w.-]+\+)?json\b/i.test(type);
}

function check(request: FastifyRequest): void {
  // A route whose own parser keeps a JSON body's raw bytes (a webhook that checks their signature first) reads it itself.
  if (!isJsonBody(request) || request.body === undefined || Buffer.isBuffer(request.body)) return;
  const problem = findInputProblem(request.body, BODY_LIMITS);
  if (!problem) return;
  const { message, field } = describe(problem, typeof request.body === 'string' ? 'body' : undefined);
  throw new BadRequest(message, [{ detail: message, ...(field ? { field } : {}) }]);
}

/**
 * Every JSON body is walked (iteratively, by the engine's findInputProblem) before the route schema
 * or any handler touches it: depth, list sizes, prototype keys and, in the same walk, text the
 * database cannot store. Answers 400 in the error shape.
 */
export const bodyGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => check(request));
  },
  { name: 'body-guard', dependencies: ['error-handling'] },
);
