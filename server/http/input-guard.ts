/**
 * Text PostgreSQL cannot store is refused at the door, once for every route: a NUL character
 * (U+0000: text and jsonb cannot hold it) or a lone UTF-16 surrogate (no UTF-8 form: a JSON body
 * can carry "\ud800", and the database refuses it). Before this guard each service had to remember
 * to clean its text, and the ones that forgot answered 500 (`GET /companies?q=%00`, `GET /roles/%00`,
 * `POST /media/page {"q": "a\u0000b"}`). Refusing is better than dropping: nothing a person types
 * contains either, so such input is a broken or hostile client, and silently storing something else
 * than was sent would hide that.
 *
 * Checked: the path parameters, the query string, and the whole parsed body at any depth, keys
 * included (a JSON body by the body guard, in its one walk of the body). Text that arrives inside another format is checked where that format is read, with the
 * same function: the JSON of a simple-rest `filter`/`sort`/`range` (http/simple-rest.ts) and the
 * text fields and file names of a multipart upload (media/media.routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequest } from '../domain-errors';
import { serverMessages } from '../messages';
import { storable } from '../../engine';
import { isJsonBody } from './body-guard';

/** True when PostgreSQL can store the text as it is (the engine's test, which the body guard's walk applies too). */
export { storable };

interface Frame {
  value: unknown;
  key: string | number;
  parent: Frame | null;
}

// The path is built only for the one string refused: a megabyte of stage data is walked without an array per value.
function pathOf(frame: Frame | null, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let f = frame; f && f.parent; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * Where the first string or key that cannot be stored is: the path from `value` (empty when `value`
 * itself is that string), or null when there is none. Iterative, so any depth is safe (the body
 * guard has already bounded depth and list sizes for bodies).
 * @example unstorableAt({ a: ['ok', 'x\u0000'] }) // ['a', 1]
 */
export function unstorableAt(value: unknown): (string | number)[] | null {
  const stack: Frame[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const frame = stack.pop()!;
    const node = frame.value;
    if (typeof node === 'string') {
      if (!storable(node)) return pathOf(frame);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], key: i, parent: frame });
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node).reverse()) {
        if (!storable(key)) return pathOf(frame, key);
        stack.push({ value: (node as Record<string, unknown>)[key], key, parent: frame });
      }
    }
  }
  return null;
}

/** The 400 for text that cannot be stored, naming the field as route-schema errors do (a dotted path). */
export function unstorableError(field: string | undefined): BadRequest {
  const message = serverMessages.text_not_storable;
  return new BadRequest(message, [{ detail: message, ...(field ? { field } : {}) }]);
}

/**
 * Throws the 400 when `value` holds text that cannot be stored; `field` prefixes the path (the
 * query parameter or form field the value came in).
 */
export function assertStorable(value: unknown, field?: string): void {
  const at = unstorableAt(value);
  if (at) throw unstorableError([field, ...at].filter((p) => p !== undefined && p !== '').join('.') || undefined);
}

function check(request: FastifyRequest): void {
  assertStorable(request.params);
  assertStorable(request.query);
  // A JSON body was checked by the body guard's walk (http/body-guard.ts), in the same pass as its
  // shape; any other body (text/plain, as a string) is checked here.
  if (request.body !== undefined && !isJsonBody(request)) assertStorable(request.body, typeof request.body === 'string' ? 'body' : undefined);
}

/**
 * One preValidation hook for every route (registered once in app.ts, after the body guard): it
 * runs before the route schema, the permission check and the handler, so no route, present or
 * added later, can meet such text.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => check(request));
  },
  { name: 'input-guard', dependencies: ['error-handling', 'body-guard'] },
);
