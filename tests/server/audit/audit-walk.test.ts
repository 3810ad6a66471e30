/**
 * Issue 58: an audit entry for every write route. The OpenAPI document's write operations are
 * walked, as the input guard's test walks them (tests/server/unstorable-input.test.ts), and each
 * must be placed in one of two tables: AUDITED, with a recipe that makes the request succeed as
 * the right person and names a record it writes (the test then finds a new entry for it, with that
 * person and the address), or NOT_AUDITED, with the reason. A route added later is in neither and
 * fails the walk until it is placed; a route removed fails it too.
 *
 * One server; the recipes run in the tables' order (create, update, then delete the same record)
 * and share what they made through `made`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditKind } from '../../../contract/audit';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, parseResetLink, type Reply } from '../helpers';

type Who = 'admin' | 'pm' | 'dealer' | 'anonymous';
/** A record the recipe's request writes: an entry for it is expected. */
interface Written {
  kind: AuditKind;
  record_id: string | number;
}
/** The request as `who`, succeeding; answers what it wrote (one record at least). */
interface Recipe {
  who: Who;
  run(): Promise<Written | Written[]>;
}
interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}
type Row = { id: number; guid: string };

let server: TestServer;
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
const ids = {} as Record<Who, number | null>;
const as = <T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });

/** The reply when it succeeded; otherwise the failure names the request and what it answered. */
async function ok<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<T> {
  const r = await as<T>(who, method, path, body);
  if (r.status >= 300) throw new Error(`${who} ${method} ${path}: ${r.status} ${r.text.slice(0, 400)}`);
  return r.body;
}
const q = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** What the recipes made and found, for the ones after them. */
const made = {} as Record<string, number | string> & { motors: Row };
const n = (key: string) => made[key] as number;

/** A multipart write as the administrator (uploads, a task type's update): the answer when it succeeded. */
async function adminForm<T>(method: string, path: string, form: FormData): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${tokens.admin}` }, body: form });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
const formOf = (fields: Record<string, string | Blob>, filename?: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, filename);
  }
  return form;
};
/** The smallest valid PNG (1x1, grey). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

const today = () => new Date().toISOString().slice(0, 10);
const sample = readFileSync(new URL('../../../server/migration/samples/legacy-dealer.json', import.meta.url), 'utf8');

/** A new Demo Motors agreement sent to the dealer through the portal's own signer. */
async function sentAgreement(name: string): Promise<number> {
  const a = await ok<{ id: number }>('admin', 'POST', '/api/agreements', { agreement: { name, company_id: made.motors.id }, lang: 'en-GB' });
  await ok('admin', 'POST', `/api/docusign/envelopes/${a.id}`, { recipient: 'dealer@demo.test', document_filename: `${name}.pdf`, agreement_id: a.id });
  return a.id;
}

const AUDITED: Record<string, Recipe> = {
  // Roles
  'POST /api/roles/{name}': { who: 'admin', run: async () => {
    await ok('admin', 'POST', '/api/roles/Walkers', { permissions: ['view media'] });
    made.role = (await ok<{ id: number }>('admin', 'GET', '/api/roles/Walkers')).id;
    return { kind: 'role', record_id: n('role') };
  } },
  'PUT /api/roles/{name}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', '/api/roles/Walkers', { permissions: ['view media', 'view companies'] });
    return { kind: 'role', record_id: n('role') };
  } },

  // Companies and users
  'POST /api/companies': { who: 'admin', run: async () => {
    made.company = (await ok<{ id: number }>('admin', 'POST', '/api/companies', { name: 'Walk Motors', lang: 'en' })).id;
    made.company2 = (await ok<{ id: number }>('admin', 'POST', '/api/companies', { name: 'Walk Motors Two', lang: 'en' })).id;
    return { kind: 'company', record_id: n('company') };
  } },
  'PUT /api/companies/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/companies/${n('company')}`, { name: 'Walk Motors Ltd' });
    return { kind: 'company', record_id: n('company') };
  } },
  'POST /api/users': { who: 'admin', run: async () => {
    made.user = (await ok<{ id: number }>('admin', 'POST', '/api/users', { name: 'Wally Walker', email: 'wally@walk.test' })).id;
    made.user2 = (await ok<{ id: number }>('admin', 'POST', '/api/users', { name: 'Wanda Walker', email: 'wanda@walk.test' })).id;
    return { kind: 'user', record_id: n('user') };
  } },
  'PUT /api/users/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/users/${n('user')}`, { position: 'Walker' });
    return { kind: 'user', record_id: n('user') };
  } },
  'PUT /api/companies/{id}/user/{userId}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/companies/${n('company')}/user/${n('user')}`);
    return { kind: 'company', record_id: n('company') };
  } },
  'DELETE /api/companies/{id}/user/{userId}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/companies/${n('company')}/user/${n('user')}`);
    return { kind: 'company', record_id: n('company') };
  } },
  'DELETE /api/users/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/users/${n('user')}`);
    return { kind: 'user', record_id: n('user') };
  } },
  'DELETE /api/users': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', '/api/users', { ids: [n('user2')] });
    return { kind: 'user', record_id: n('user2') };
  } },
  'DELETE /api/companies/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/companies/${n('company')}`);
    return { kind: 'company', record_id: n('company') };
  } },
  'DELETE /api/companies': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', '/api/companies', { ids: [n('company2')] });
    return { kind: 'company', record_id: n('company2') };
  } },
  'POST /api/register': { who: 'anonymous', run: async () => {
    await ok('anonymous', 'POST', '/api/register', {
      user: { name: 'Rita Registered', email: 'rita@walk.test', password: 'long-enough-1', primary: 1 },
      company: { name: 'Registered Motors', lang: 'en' },
      // region UK (7), type Franchised Dealer (1), make Audi (22)
      terms: [7, 1, 22],
      accept_terms: true,
    });
    const company = (await ok<Row[]>('admin', 'GET', `/api/companies?${q({ q: 'Registered Motors' })}`))[0];
    const user = (await ok<Row[]>('admin', 'GET', `/api/users?${q({ q: 'rita@walk.test' })}`))[0];
    made.rita = user.id;
    return [{ kind: 'company', record_id: company.id }, { kind: 'user', record_id: user.id }];
  } },
  'POST /api/password/reset': { who: 'anonymous', run: async () => {
    await ok('anonymous', 'POST', '/api/password/email', { email: 'rita@walk.test' });
    const { token } = parseResetLink((await server.mail.waitFor('rita@walk.test')).text);
    await ok('anonymous', 'POST', '/api/password/reset', { token, email: 'rita@walk.test', password: 'Reset-walk-2026', password_confirmation: 'Reset-walk-2026' });
    return { kind: 'user', record_id: n('rita') };
  } },
  'POST /api/password/set': { who: 'anonymous', run: async () => {
    const user = await ok<{ id: number }>('admin', 'POST', '/api/users', { name: 'Nina New', email: 'nina@walk.test' });
    const link = /\/password\/(?:set|reset)\/([A-Za-z0-9_-]+)/.exec((await server.mail.waitFor('nina@walk.test')).text);
    await ok('anonymous', 'POST', '/api/password/set', { token: link![1], email: 'nina@walk.test', password: 'Fresh-walk-2026', password_confirmation: 'Fresh-walk-2026' });
    return { kind: 'user', record_id: user.id };
  } },
  'POST /api/users/email/confirm': { who: 'anonymous', run: async () => {
    const nina = (await login(server, 'nina@walk.test', 'Fresh-walk-2026')).token;
    const me = await call<{ user: { id: number } }>(server, 'GET', '/api/users/current', { token: nina });
    const changed = await call(server, 'PUT', `/api/users/${me.body.user.id}`, { token: nina, body: { email: 'nina.moved@walk.test', current_password: 'Fresh-walk-2026' } });
    expect(changed.status, changed.text).toBe(200);
    const token = /\/#\/email\/confirm\/([A-Za-z0-9_-]+)/.exec((await server.mail.waitFor('nina.moved@walk.test')).text)![1];
    await ok('anonymous', 'POST', '/api/users/email/confirm', { token });
    return { kind: 'user', record_id: me.body.user.id };
  } },

  // Categories (taxonomies and their terms)
  'POST /api/taxonomies/{slug}/terms': { who: 'admin', run: async () => {
    made.make = (await ok<{ id: number }>('admin', 'GET', '/api/taxonomies/make')).id;
    made.term = (await ok<{ id: number }>('admin', 'POST', '/api/taxonomies/make/terms', { name: 'Walkmobile' })).id;
    return { kind: 'category', record_id: n('make') };
  } },
  'PUT /api/taxonomies/{slug}/terms/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/taxonomies/make/terms/${n('term')}`, { name: 'Walkmobiles' });
    return { kind: 'category', record_id: n('make') };
  } },
  'DELETE /api/taxonomies/{slug}/terms/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/taxonomies/make/terms/${n('term')}`);
    return { kind: 'category', record_id: n('make') };
  } },

  // Products
  'POST /api/products': { who: 'admin', run: async () => {
    made.product = (await ok<{ id: number }>('admin', 'POST', '/api/products', { name: 'Walk feed', terms: [7] })).id;
    return { kind: 'product', record_id: n('product') };
  } },
  'PUT /api/products/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/products/${n('product')}`, { name: 'Walk feed pro' });
    return { kind: 'product', record_id: n('product') };
  } },
  // A move is entered as the new position of every product it renumbered, the moved one first among them.
  'POST /api/products/{id}/sort': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/products/${n('product')}/sort`, { to: 1 });
    return { kind: 'product', record_id: n('product') };
  } },
  'POST /api/products/swap': { who: 'admin', run: async () => {
    const first = (await ok<Array<{ id: number }>>('admin', 'GET', '/api/products?range=[0,1]')).find((p) => p.id !== n('product'))!;
    await ok('admin', 'POST', '/api/products/swap', { productId1: n('product'), productId2: first.id });
    return [{ kind: 'product', record_id: n('product') }, { kind: 'product', record_id: first.id }];
  } },
  'DELETE /api/products/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/products/${n('product')}`);
    return { kind: 'product', record_id: n('product') };
  } },

  // Media and showcases (posts)
  'POST /api/media': { who: 'admin', run: async () => {
    const r = await adminForm<{ media: Array<{ id: number }> }>('POST', '/api/media', formOf({ file: new Blob([new Uint8Array(PNG)], { type: 'image/png' }) }, 'walk.png'));
    made.media = r.media[0].id;
    return { kind: 'media', record_id: n('media') };
  } },
  'POST /api/posts': { who: 'admin', run: async () => {
    made.post = (await ok<{ id: number }>('admin', 'POST', '/api/posts', { post_title: 'Walk showcase', post_content: 'Walked' })).id;
    return { kind: 'showcase', record_id: n('post') };
  } },
  'PUT /api/posts/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/posts/${n('post')}`, { post_title: 'Walk showcase, again' });
    return { kind: 'showcase', record_id: n('post') };
  } },
  'DELETE /api/posts/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/posts/${n('post')}`);
    return { kind: 'showcase', record_id: n('post') };
  } },
  'DELETE /api/media/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/media/${n('media')}`);
    return { kind: 'media', record_id: n('media') };
  } },

  // Agreements
  'POST /api/agreements': { who: 'admin', run: async () => {
    made.agreement = (await ok<{ id: number }>('admin', 'POST', '/api/agreements', { agreement: { name: 'Walk agreement', company_id: made.motors.id }, lang: 'en-GB' })).id;
    return { kind: 'agreement', record_id: n('agreement') };
  } },
  'PUT /api/companies/{id}/agreements/{agreementId}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/companies/${made.motors.id}/agreements/${n('agreement')}`, { agreement: { notes: 'Walked through' } });
    return { kind: 'agreement', record_id: n('agreement') };
  } },
  'POST /api/docusign/envelopes/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/docusign/envelopes/${n('agreement')}`, { recipient: 'dealer@demo.test', document_filename: 'walk.pdf', agreement_id: n('agreement') });
    return { kind: 'agreement', record_id: n('agreement') };
  } },
  'POST /api/agreements/{id}/sign': { who: 'dealer', run: async () => {
    const read = await ok<{ document_sha256: string }>('dealer', 'GET', `/api/agreements/${n('agreement')}`);
    await ok('dealer', 'POST', `/api/agreements/${n('agreement')}/sign`, {
      signer_name: 'Dana Dealer', signer_position: 'Dealer Principal', signature: { kind: 'typed', text: 'Dana Dealer' }, accept: true, shown_sha256: read.document_sha256,
    });
    return { kind: 'agreement', record_id: n('agreement') };
  } },
  'POST /api/agreements/{id}/archive': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/agreements/${n('agreement')}/archive`);
    return { kind: 'agreement', record_id: n('agreement') };
  } },
  'POST /api/agreements/{id}/decline': { who: 'dealer', run: async () => {
    made.declined = await sentAgreement('Walk declined');
    await ok('dealer', 'POST', `/api/agreements/${n('declined')}/decline`, { reason: 'The term should be 24 months.' });
    return { kind: 'agreement', record_id: n('declined') };
  } },
  'POST /api/agreements/{id}/copy': { who: 'admin', run: async () => {
    const copy = await ok<{ id: number }>('admin', 'POST', `/api/agreements/${n('declined')}/copy`);
    return { kind: 'agreement', record_id: copy.id };
  } },
  'POST /api/agreements/{id}/void': { who: 'admin', run: async () => {
    const id = await sentAgreement('Walk voided');
    await ok('admin', 'POST', `/api/agreements/${id}/void`, { reason: 'Sent by mistake.' });
    return { kind: 'agreement', record_id: id };
  } },

  // Task templates, stages, types and notification templates
  'POST /api/tasks/stages': { who: 'admin', run: async () => {
    made.stage = (await ok<{ id: number }>('admin', 'POST', '/api/tasks/stages', { name: 'Walk stage' })).id;
    return { kind: 'task_stage', record_id: n('stage') };
  } },
  'PUT /api/tasks/stages/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/tasks/stages/${n('stage')}`, { name: 'Walk stage, renamed' });
    return { kind: 'task_stage', record_id: n('stage') };
  } },
  'POST /api/tasks/stages/{id}/sort': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/tasks/stages/${n('stage')}/sort`, { to: 1 });
    return { kind: 'task_stage', record_id: n('stage') };
  } },
  'POST /api/tasks/types': { who: 'admin', run: async () => {
    made.type = (await ok<{ id: number }>('admin', 'POST', '/api/tasks/types', { name: 'Walk type' })).id;
    return { kind: 'task_type', record_id: n('type') };
  } },
  'POST /api/tasks/types/{id}': { who: 'admin', run: async () => {
    await adminForm('POST', `/api/tasks/types/${n('type')}`, formOf({ name: 'Walk type, renamed' }));
    return { kind: 'task_type', record_id: n('type') };
  } },
  'POST /api/tasks/types/{id}/sort': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/tasks/types/${n('type')}/sort`, { to: 1 });
    return { kind: 'task_type', record_id: n('type') };
  } },
  'POST /api/tasks': { who: 'admin', run: async () => {
    made.template = (await ok<{ id: number }>('admin', 'POST', '/api/tasks', { name: 'Walk template', task_type_id: n('type'), project_types: ['stock'], due_days: 5 })).id;
    return { kind: 'task_template', record_id: n('template') };
  } },
  'PUT /api/tasks/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/tasks/${n('template')}`, { name: 'Walk template, renamed' });
    return { kind: 'task_template', record_id: n('template') };
  } },
  'POST /api/tasks/{id}/sort': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/tasks/${n('template')}/sort`, { to: 1 });
    return { kind: 'task_template', record_id: n('template') };
  } },
  'DELETE /api/tasks/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/tasks/${n('template')}`);
    return { kind: 'task_template', record_id: n('template') };
  } },
  'DELETE /api/tasks/types/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/tasks/types/${n('type')}`);
    return { kind: 'task_type', record_id: n('type') };
  } },
  'DELETE /api/tasks/stages/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/tasks/stages/${n('stage')}`);
    return { kind: 'task_stage', record_id: n('stage') };
  } },
  'POST /api/tasks/notifications': { who: 'admin', run: async () => {
    made.notification = (await ok<{ id: number }>('admin', 'POST', '/api/tasks/notifications', { name: 'Walk notice', event: 'task_due', recipients: ['assignee'], subject: 'Due: {task}', body: '{task} is due {due}' })).id;
    return { kind: 'notification_template', record_id: n('notification') };
  } },
  'PUT /api/tasks/notifications/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/tasks/notifications/${n('notification')}`, { subject: 'Now due: {task}' });
    return { kind: 'notification_template', record_id: n('notification') };
  } },
  'DELETE /api/tasks/notifications/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/tasks/notifications/${n('notification')}`);
    return { kind: 'notification_template', record_id: n('notification') };
  } },

  // Projects, their parts, tasks and variations
  'POST /api/projects': { who: 'pm', run: async () => {
    made.project = (await ok<{ id: number }>('pm', 'POST', '/api/projects', { company_id: made.motors.id, project_type: 'other', name: 'Walk project', start_date: today() })).id;
    return { kind: 'project', record_id: n('project') };
  } },
  'PUT /api/projects/{id}': { who: 'pm', run: async () => {
    const p = await ok<{ version: number }>('pm', 'GET', `/api/projects/${n('project')}`);
    await ok('pm', 'PUT', `/api/projects/${n('project')}`, { name: 'Walk project, renamed', version: p.version });
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/types': { who: 'pm', run: async () => {
    made.group = (await ok<{ group: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/types`, { name: 'Walk group' })).group.id;
    return { kind: 'project', record_id: n('project') };
  } },
  'PUT /api/projects/{id}/types/{typeId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/types/${n('group')}`, { name: 'Walk group, renamed' });
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/tasks/custom': { who: 'pm', run: async () => {
    made.task = (await ok<{ task: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/tasks/custom`, { name: 'Walk task', project_task_type_id: n('group') })).task.id;
    made.task2 = (await ok<{ task: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/tasks/custom`, { name: 'Walk task two', project_task_type_id: n('group') })).task.id;
    return { kind: 'task', record_id: n('task') };
  } },
  'PUT /api/projects/{id}/tasks/{taskId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/tasks/${n('task')}`, { name: 'Walk task, renamed' });
    return { kind: 'task', record_id: n('task') };
  } },
  'PUT /api/projects/{id}/tasks/custom/{taskId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/tasks/custom/${n('task2')}`, { name: 'Walk task two, renamed' });
    return { kind: 'task', record_id: n('task2') };
  } },
  'DELETE /api/projects/{id}/tasks/{taskId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/tasks/${n('task')}`);
    return { kind: 'task', record_id: n('task') };
  } },
  'DELETE /api/projects/{id}/tasks/custom/{taskId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/tasks/custom/${n('task2')}`);
    return { kind: 'task', record_id: n('task2') };
  } },
  'DELETE /api/projects/{id}/types/{typeId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/types/${n('group')}`);
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/stakeholders': { who: 'pm', run: async () => {
    made.stakeholder = (await ok<{ stakeholder: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/stakeholders`, { name: 'Walt Contact' })).stakeholder.id;
    return { kind: 'project', record_id: n('project') };
  } },
  'PUT /api/projects/{id}/stakeholders/{stakeholderId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/stakeholders/${n('stakeholder')}`, { position: 'Walker' });
    return { kind: 'project', record_id: n('project') };
  } },
  'DELETE /api/projects/{id}/stakeholders/{stakeholderId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/stakeholders/${n('stakeholder')}`);
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/notes': { who: 'pm', run: async () => {
    made.note = (await ok<{ note: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/notes`, { body: 'A walk note' })).note.id;
    return { kind: 'project', record_id: n('project') };
  } },
  'PUT /api/projects/{id}/notes/{noteId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/notes/${n('note')}`, { body: 'A walk note, changed' });
    return { kind: 'project', record_id: n('project') };
  } },
  'DELETE /api/projects/{id}/notes/{noteId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/notes/${n('note')}`);
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/risks': { who: 'pm', run: async () => {
    made.risk = (await ok<{ risk: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/risks`, { title: 'Walk risk' })).risk.id;
    return { kind: 'project', record_id: n('project') };
  } },
  'PUT /api/projects/{id}/risks/{riskId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/risks/${n('risk')}`, { state: 'closed' });
    return { kind: 'project', record_id: n('project') };
  } },
  'DELETE /api/projects/{id}/risks/{riskId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/risks/${n('risk')}`);
    return { kind: 'project', record_id: n('project') };
  } },
  'POST /api/projects/{id}/variations': { who: 'pm', run: async () => {
    const body = { type: 'other', title: 'Walk variation', total_effort: 1, cost_impact: 0, foc_cost: 100 };
    made.variation = (await ok<{ variation: { id: number } }>('pm', 'POST', `/api/projects/${n('project')}/variations`, body)).variation.id;
    const second = (await ok<{ variation: { id: number; revision: number } }>('pm', 'POST', `/api/projects/${n('project')}/variations`, { ...body, title: 'Walk variation two' })).variation;
    made.variation2 = second.id;
    made.variation2Revision = second.revision;
    return { kind: 'variation', record_id: n('variation') };
  } },
  'PUT /api/projects/{id}/variations/{variationId}': { who: 'pm', run: async () => {
    await ok('pm', 'PUT', `/api/projects/${n('project')}/variations/${n('variation')}`, { type: 'other', title: 'Walk variation, changed', total_effort: 2, cost_impact: 0, foc_cost: 100 });
    return { kind: 'variation', record_id: n('variation') };
  } },
  'POST /api/variations/{id}/decision': { who: 'admin', run: async () => {
    // The administrator is a foc_approver who neither raised it nor changed its amounts.
    await ok('admin', 'POST', `/api/variations/${n('variation2')}/decision`, { decision: 'approved', revision: n('variation2Revision'), amount: 100 });
    return { kind: 'variation', record_id: n('variation2') };
  } },
  'DELETE /api/projects/{id}/variations/{variationId}': { who: 'pm', run: async () => {
    await ok('pm', 'DELETE', `/api/projects/${n('project')}/variations/${n('variation')}`);
    return { kind: 'variation', record_id: n('variation') };
  } },
  'DELETE /api/projects/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'DELETE', `/api/projects/${n('project')}`);
    return { kind: 'project', record_id: n('project') };
  } },

  // Layouts (admin configs)
  'POST /api/adminconfigs': { who: 'admin', run: async () => {
    made.layout = (await ok<{ id: number }>('admin', 'POST', '/api/adminconfigs', { name: 'Walk layout', pages: [{ name: 'Home' }] })).id;
    return { kind: 'layout', record_id: n('layout') };
  } },
  'PUT /api/adminconfigs/{id}': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/adminconfigs/${n('layout')}`, { name: 'Walk layout, renamed' });
    return { kind: 'layout', record_id: n('layout') };
  } },
  'PUT /api/adminconfigs/{id}/sort': { who: 'admin', run: async () => {
    await ok('admin', 'PUT', `/api/adminconfigs/${n('layout')}/sort`, { to: 1 });
    return { kind: 'layout', record_id: n('layout') };
  } },
  'POST /api/adminconfigs/{id}/archive': { who: 'admin', run: async () => {
    await ok('admin', 'POST', `/api/adminconfigs/${n('layout')}/archive`);
    return { kind: 'layout', record_id: n('layout') };
  } },

  // Stage versions
  'POST /api/stage-catalogue/{slug}/publish': { who: 'admin', run: async () => {
    const stage = await ok<{ version: number; file: unknown }>('admin', 'GET', '/api/stage-catalogue/key-contact');
    const draft = await ok<{ revision: number }>('admin', 'PUT', '/api/stage-catalogue/key-contact/draft', { file: stage.file });
    await ok('admin', 'POST', '/api/stage-catalogue/key-contact/publish', { note: 'Published by the walk', revision: draft.revision });
    return { kind: 'stage_version', record_id: 'key-contact' };
  } },
  'POST /api/stage-catalogue/{slug}/rollback': { who: 'admin', run: async () => {
    await ok('admin', 'POST', '/api/stage-catalogue/key-contact/rollback', { version: 1, note: 'Back to the shipped stage' });
    return { kind: 'stage_version', record_id: 'key-contact' };
  } },

  // Imports
  'POST /api/migration/imports': { who: 'admin', run: async () => {
    const config = (await ok<Array<{ id: number; guid: string }>>('admin', 'GET', `/api/companies/${made.motors.guid}/configs`))[0];
    const job = await ok<{ id: string }>('admin', 'POST', '/api/migration/imports', { file: { name: 'legacy-dealer.json', content: sample }, config: config.guid, company: made.motors.guid });
    made.job = job.id;
    return { kind: 'import', record_id: job.id };
  } },
  'POST /api/migration/jobs/{id}/cancel': { who: 'admin', run: async () => {
    // The server runs no imports (importWorkers 0): the job is still queued, so the cancel writes it.
    await ok('admin', 'POST', `/api/migration/jobs/${made.job}/cancel`);
    return { kind: 'import', record_id: made.job };
  } },
};

const NOT_AUDITED: Record<string, string> = {
  'PUT /api/users/current/company': "a person's choice of current company (current_companies), no audited record",
  'POST /api/login': 'signs in: writes a session, no audited record',
  'POST /api/login/refresh': 'refreshes a session',
  'POST /api/logout': 'ends a session',
  'POST /api/password/email': 'mails a reset link: writes a one-time token only (the reset it leads to is audited)',
  'POST /api/configs/{id}/archive': "a config's state: configs keep their own history",
  'DELETE /api/configs/{id}': 'removes a config with its data and history: configs are not an audited kind',
  'POST /api/configs/{id}/stage/add/{slug}': "a config's stages: configs keep their own history",
  'POST /api/configs/{id}/stage/remove/{slug}': "a config's stages: configs keep their own history",
  'POST /api/configs/{id}/stages/{slug}/request-changes': "a config's stage data: configs keep their own history (a revision)",
  'POST /api/configs/{id}/mail/{type}': 'mails a manager through the outbox',
  'POST /api/companies/{companyId}/configs': 'creates a config: configs keep their own history',
  'PUT /api/companies/{companyId}/configs/{configId}': "writes a config's stage data: configs keep their own history (a project task it completes by its trigger is entered, as the task's)",
  'POST /api/companies/{companyId}/configs/{configId}/history/{revisionId}/restore': "writes a config's stage data: configs keep their own history (a project task it completes by its trigger is entered, as the task's)",
  'POST /api/companies/{companyId}/configs/{configId}/adminconfigs/internalpagelayout': "applies a layout to a config's stage data: configs keep their own history (a project task it completes by its trigger is entered, as the task's)",
  'POST /api/media/page': 'a read (a page of the media library) sent as POST',
  'POST /api/verify-document': 'verifies a PDF: writes nothing',
  'POST /api/dompdf/create/{id}': "renders the order form's PDF: writes nothing",
  'POST /api/mail/{id}': "mails an agreement's welcome through the outbox",
  'POST /api/notifications/{id}/read': 'marks a notification read',
  'POST /api/notifications/read': 'marks notifications read',
  'PUT /api/notifications/preferences': "a person's notification channels",
  'POST /api/stage-catalogue': 'creates a stage draft (stage_drafts): only a publish makes a stage version',
  'PUT /api/stage-catalogue/{slug}/draft': 'saves a stage draft: only a publish makes a stage version',
  'DELETE /api/stage-catalogue/{slug}/draft': 'discards a stage draft',
  'POST /api/stage-catalogue/{slug}/check': 'checks a draft without saving it',
  'POST /api/stage-catalogue/{slug}/upgrade': "moves configs to a version through the stage write: configs keep their own history (a project task it completes by its trigger is entered, as the task's)",
  'POST /api/migration/dry-run': 'a dry run: writes nothing',
  'POST /api/analytics/pageview': 'analytics: a page view, sent on to the analytics store',
  'POST /api/configs/{id}/threads': 'comments on a config',
  'POST /api/configs/{id}/threads/{threadId}/comments': 'comments on a config',
  'PUT /api/configs/{id}/comments/{commentId}': 'comments on a config',
  'DELETE /api/configs/{id}/comments/{commentId}': 'comments on a config',
  'POST /api/configs/{id}/threads/{threadId}/resolve': 'resolves a comment thread',
  'POST /api/configs/{id}/threads/{threadId}/reopen': 'reopens a comment thread',
};

const WRITES = ['post', 'put', 'patch', 'delete'];

beforeAll(async () => {
  server = await startTestServer({ importWorkers: 0 });
  for (const [who, email] of Object.entries({ admin: 'admin@demo.test', pm: 'pm@demo.test', dealer: 'dealer@demo.test' })) {
    tokens[who as keyof typeof tokens] = (await login(server, email)).token;
    ids[who as Who] = (await as<{ user: { id: number } }>(who as Who, 'GET', '/api/users/current')).body.user.id;
  }
  ids.anonymous = null;
  made.motors = (await ok<Row[]>('admin', 'GET', `/api/companies?${q({ q: 'Demo Motors' })}`))[0];
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The newest entry's id (0 when there is none). */
async function newest(): Promise<number> {
  const r = await ok<AuditEntry[]>('admin', 'GET', '/api/audit-log?range=[0,0]');
  return r[0]?.id ?? 0;
}

describe('the write routes of the OpenAPI document', () => {
  it('are each placed: audited with a recipe, or not audited with a reason', async () => {
    const doc = (await call<OpenApi>(server, 'GET', '/api/docs/json')).body;
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => WRITES.includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
    expect(writes.length).toBeGreaterThan(100);
    const placed = [...Object.keys(AUDITED), ...Object.keys(NOT_AUDITED)];
    expect(Object.keys(AUDITED).filter((k) => k in NOT_AUDITED), 'in both tables').toEqual([]);
    expect(writes.filter((w) => !placed.includes(w)), 'write routes in neither table: place them').toEqual([]);
    expect(placed.filter((p) => !writes.includes(p)), 'routes the document lacks').toEqual([]);
  });
});

describe('each audited route enters who wrote what', () => {
  it.each(Object.entries(AUDITED))('%s', async (route, recipe) => {
    const mark = await newest();
    const wrote = [(await recipe.run())].flat();
    for (const { kind, record_id } of wrote) {
      const entries = (await ok<AuditEntry[]>('admin', 'GET', `/api/audit-log?${q({ kind, record_id: String(record_id) })}&range=[0,199]`)).filter((e) => e.id > mark);
      // A recipe may prepare its record as someone else (an agreement sent by staff, then signed):
      // the entries of its own request are the ones by its person.
      const theirs = entries.filter((e) => e.actor_id === ids[recipe.who]);
      expect(theirs.length, `${route}: no new entry for ${kind} ${record_id} by ${recipe.who} (${entries.length} by others)`).toBeGreaterThan(0);
      for (const e of theirs) expect(e, route).toMatchObject({ ip: '127.0.0.1', kind, record_id: String(record_id) });
    }
  });
});
