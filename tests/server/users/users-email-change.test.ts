/**
 * Issue 25: changing your own email or password needs your current password; a new email takes
 * effect only once the link mailed to it is opened, and the old address is told. Staff who
 * outrank a user still change that user's email directly (an administrative action).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, userRoles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply, type Session } from '../helpers';

let server: TestServer;
const PASSWORD = 'Owner-pass-2026';
type Body = { message: string; email?: string; email_pending?: string; errors?: Array<{ detail: string; field?: string }> };

let serial = 0;
/** A Client of Demo Motors who can sign in with PASSWORD, and their session. */
async function owner(): Promise<{ id: number; email: string; session: Session }> {
  serial += 1;
  const email = `owner-${serial}@change.test`;
  const db = server.database.db;
  const [row] = await db.insert(users).values({ name: `Owner ${serial}`, email, passwordHash: await hashPassword(PASSWORD) }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: row.id, roleId: 1 });
  const [motors] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
  await db.insert(companyUsers).values({ userId: row.id, companyId: motors.id });
  return { id: row.id, email, session: await login(server, email, PASSWORD) };
}
const put = (session: Session, id: number, body: unknown, headers?: Record<string, string>): Promise<Reply<Body>> =>
  call<Body>(server, 'PUT', `/api/users/${id}`, { token: session.token, body, headers });
const emailOf = async (id: number) => (await server.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
const linkToken = (text: string) => /\/#\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('your own email', () => {
  it('needs your current password (422 on current_password when missing or wrong), changing nothing', async () => {
    const me = await owner();
    const missing = await put(me.session, me.id, { email: 'new-address@change.test' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ detail: 'Please enter your current password to change your email or password.', field: 'current_password' }]);
    const wrong = await put(me.session, me.id, { email: 'new-address@change.test', current_password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ detail: 'The current password is incorrect.', field: 'current_password' }]);
    expect(await emailOf(me.id)).toBe(me.email);
    // The form sends the address it shows with every save: that is no change and needs no password.
    expect((await put(me.session, me.id, { email: me.email.toUpperCase(), position: 'Owner' })).status).toBe(200);
  });

  it('changes only once the link mailed to the new address is opened; the old address is told', async () => {
    const me = await owner();
    const next = `moved-${serial}@change.test`;
    const r = await put(me.session, me.id, { email: next, current_password: PASSWORD }, { 'accept-language': 'fr-FR' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: me.email, email_pending: next, message: 'User Updated. We have emailed a link to the new address: the email changes once it is confirmed.' });
    // Still the old address until confirmed: sign-in and resets keep going there.
    expect(await emailOf(me.id)).toBe(me.email);
    const confirm = await server.mail.waitFor(next);
    expect(confirm.subject).toBe('Confirmez votre nouvelle adresse e-mail Launch Portal');
    const notice = await server.mail.waitFor(me.email);
    expect(notice.subject).toBe('L’adresse e-mail de votre compte Launch Portal va changer');
    expect(notice.text).toContain(next);
    expect(notice.text).not.toMatch(/email\/confirm/);

    const token = linkToken(confirm.text)!;
    expect(token).toBeTruthy();
    // Anyone holding the link may open it (another device): no session needed.
    const done = await call<Body>(server, 'POST', '/api/users/email/confirm', { body: { token } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: next, message: 'Your email address has been changed.' });
    expect(await emailOf(me.id)).toBe(next);
    expect((await call(server, 'POST', '/api/login', { body: { email: next, password: PASSWORD } })).status).toBe(200);
    // Single use.
    const again = await call<Body>(server, 'POST', '/api/users/email/confirm', { body: { token } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This link is invalid or has expired.');
  });

  it('keeps only the newest request live, and refuses an address taken meanwhile', async () => {
    const me = await owner();
    const first = `first-${serial}@change.test`;
    const second = `second-${serial}@change.test`;
    expect((await put(me.session, me.id, { email: first, current_password: PASSWORD })).status).toBe(200);
    expect((await put(me.session, me.id, { email: second, current_password: PASSWORD })).status).toBe(200);
    const firstToken = linkToken((await server.mail.waitFor(first)).text)!;
    const secondToken = linkToken((await server.mail.waitFor(second)).text)!;
    expect((await call(server, 'POST', '/api/users/email/confirm', { body: { token: firstToken } })).status).toBe(401);
    // Someone else took the address before the link was opened.
    const other = await owner();
    await server.database.db.update(users).set({ email: second }).where(eq(users.id, other.id));
    const taken = await call<Body>(server, 'POST', '/api/users/email/confirm', { body: { token: secondToken } });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe('The email has already been taken.');
    expect(await emailOf(me.id)).toBe(me.email);
    // An address already taken is refused when asked for, too.
    expect((await put(me.session, me.id, { email: 'dealer2@demo.test', current_password: PASSWORD })).status).toBe(422);
  });

  it('refuses a link that is not one (401) and a body without a token (400)', async () => {
    expect((await call(server, 'POST', '/api/users/email/confirm', { body: { token: 'made-up' } })).status).toBe(401);
    expect((await call(server, 'POST', '/api/users/email/confirm', { body: {} })).status).toBe(400);
  });
});

describe('your own password', () => {
  it('needs your current password; the change ends your other sessions but keeps this one', async () => {
    const me = await owner();
    const elsewhere = await login(server, me.email, PASSWORD);
    expect((await put(me.session, me.id, { password: 'Changed-pass-2026' })).body.errors).toEqual([
      { detail: 'Please enter your current password to change your email or password.', field: 'current_password' },
    ]);
    expect((await put(me.session, me.id, { password: 'Changed-pass-2026', current_password: 'wrong-password' })).status).toBe(422);
    expect((await call(server, 'POST', '/api/login', { body: { email: me.email, password: PASSWORD } })).status).toBe(200);

    const r = await put(me.session, me.id, { password: 'Changed-pass-2026', current_password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('User Updated');
    expect((await call(server, 'GET', '/api/users/current', { token: me.session.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/users/current', { token: elsewhere.token })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login', { body: { email: me.email, password: PASSWORD } })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login', { body: { email: me.email, password: 'Changed-pass-2026' } })).status).toBe(200);
  });

  it('is at least 8 characters (400)', async () => {
    const me = await owner();
    expect((await put(me.session, me.id, { password: 'short', current_password: PASSWORD })).status).toBe(400);
  });
});

describe("staff who outrank a user change that user's email and password directly", () => {
  it('applies at once, ends the user\'s sessions, and needs no password of theirs', async () => {
    const user = await owner();
    const admin = await login(server, 'admin@demo.test');
    const next = `direct-${serial}@change.test`;
    const r = await put(admin, user.id, { email: next, password: 'Admin-set-2026' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: next, message: 'User Updated' });
    expect(r.body.email_pending).toBeUndefined();
    expect(await emailOf(user.id)).toBe(next);
    expect((await call(server, 'GET', '/api/users/current', { token: user.session.token })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login', { body: { email: next, password: 'Admin-set-2026' } })).status).toBe(200);
  });
});
