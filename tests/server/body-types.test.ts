// A JSON body is taken with the types it was sent with (server/app.ts, the body's ajv has no
// coerceTypes): a number where a name is expected, or a boolean or a number sent as text, is a 400
// naming the field and nothing is stored. The URL's parts arrive as text, so a query string's
// numbers (and one value for a list) are still read as such.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskTemplate, TaskType } from '../../contract/tasks';
import { startTestServer, type TestServer } from '../support/server';
import { call, login } from './helpers';

type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server, 'admin@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
});

const as = <T = ErrorBody>(method: string, path: string, body?: unknown) => call<T>(server, method, path, { token, body });

/** The 400 of a wrongly typed field: the error shape, its message naming the field. */
function expectRefused(reply: { status: number; body: unknown }, field: string, detail: string) {
  expect(reply.status).toBe(400);
  expect(reply.body).toEqual({ message: detail, errors: [{ detail, field }] });
}

describe('wrongly typed JSON bodies are refused, not converted', () => {
  it('a number as a task type\'s name is a 400 naming the field, and no type "12345" is stored', async () => {
    const before = (await as<TaskType[]>('GET', '/api/tasks/types')).body.length;
    const r = await as('POST', '/api/tasks/types', { name: 12345 });
    expectRefused(r, 'name', 'name has the wrong type of value');
    const after = (await as<TaskType[]>('GET', '/api/tasks/types')).body;
    expect(after.map((t) => t.name)).not.toContain('12345');
    expect(after).toHaveLength(before);
    // The same name as text is a name.
    const text = await as<TaskType>('POST', '/api/tasks/types', { name: '12345' });
    expect([text.status, text.body.name]).toEqual([201, '12345']);
  });

  it('a boolean and numbers sent as text in a task template are refused, and nothing is stored', async () => {
    const typeId = (await as<TaskType[]>('GET', '/api/tasks/types')).body[0].id;
    const name = 'Typed template';
    const good = { name, task_type_id: typeId, due_days: 5, milestone: true };
    expectRefused(await as('POST', '/api/tasks', { ...good, milestone: 'true' }), 'milestone', 'milestone has the wrong type of value');
    expectRefused(await as('POST', '/api/tasks', { ...good, due_days: '5' }), 'due_days', 'due_days must be a number');
    expectRefused(await as('POST', '/api/tasks', { ...good, task_type_id: String(typeId) }), 'task_type_id', 'task_type_id must be a number');
    // Neither is null taken for false or 0 any more, nor one value for a list of them.
    expectRefused(await as('POST', '/api/tasks', { ...good, milestone: null }), 'milestone', 'milestone has the wrong type of value');
    expectRefused(await as('POST', '/api/tasks', { ...good, project_types: 'independent' }), 'project_types', 'project_types has the wrong type of value');
    const listed = async () => (await as<TaskTemplate[]>('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)).body.filter((t) => t.name === name);
    expect(await listed()).toEqual([]);
    // Sent with their own types, the same values are stored.
    const created = await as<TaskTemplate>('POST', '/api/tasks', good);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, task_type_id: typeId, due_days: 5, milestone: true });
    expect(await listed()).toHaveLength(1);
  });

  it('an update refuses them too (a PUT of a product)', async () => {
    const products = (await as<Array<{ id: number; editable: boolean }>>('GET', '/api/products?range=[0,0]')).body;
    expect(products).toHaveLength(1);
    const r = await as('PUT', `/api/products/${products[0].id}`, { editable: 'false' });
    expectRefused(r, 'editable', 'editable has the wrong type of value');
    const again = await as<{ editable: boolean }>('GET', `/api/products/${products[0].id}`);
    expect(again.body.editable).toBe(products[0].editable);
  });
});

describe('the URL is still read as text', () => {
  it("a query string's numbers are numbers (the company search's page and perPage), and a wrong one is still a 400", async () => {
    const r = await as<Array<{ name: string }>>('GET', '/api/companies?name=motors&page=2&perPage=3&sort=%5B%22name%22%2C%22ASC%22%5D');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    expect(r.headers.get('content-range')).toMatch(/^companies 3-5\/\d+$/);
    const bad = await as('GET', '/api/companies?perPage=lots');
    expectRefused(bad, 'perPage', 'perPage must be a number');
  });

  it('one value of a listed query parameter is a list of one number (the showcases by region)', async () => {
    const r = await as<Array<{ post_title: string }>>('GET', '/api/posts?region=10');
    expect(r.status).toBe(200);
    expect(r.body.map((p) => p.post_title)).toEqual(['Harbour Cars goes live with a stock-led website']);
  });
});
