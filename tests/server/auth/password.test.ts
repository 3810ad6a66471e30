import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { mailOutbox, users } from '../../../server/db/schema';
import { createPasswordSetInvite } from '../../../server/auth/auth.password-tokens';
import { call, DEMO_PASSWORD, login, parseResetLink } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('forgot and reset password over real SMTP', () => {
  it('mails a reset link that resets the password once', async () => {
    const asked = await call(server, 'POST', '/api/password/email', { body: { email: ' PM@demo.test ', webAddress: 'http://evil.example' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'We have emailed your password reset link!' });

    const mail = await server.mail.waitFor('pm@demo.test');
    expect(mail.subject).toBe('Reset your Launch Portal password');
    const { link, token, email } = parseResetLink(mail.text);
    // The link points at this server (PUBLIC_URL), never at a host the client sent.
    expect(link.startsWith(`${server.url}/#/password/reset/`)).toBe(true);
    expect(email).toBe('pm@demo.test');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    // An old session dies with the password change.
    const before = await login(server, 'pm@demo.test');

    const reset = await call(server, 'POST', '/api/password/reset', {
      body: { token, email, password: 'Brand-new-pass-1', password_confirmation: 'Brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password has been reset!' });

    expect((await call(server, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: 'Brand-new-pass-1' } })).status).toBe(200);
    expect((await call(server, 'GET', '/api/users/current', { token: before.token })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login/refresh', { cookie: before.cookie })).status).toBe(401);

    // Single use.
    const again = await call(server, 'POST', '/api/password/reset', {
      body: { token, email, password: 'Another-pass-2', password_confirmation: 'Another-pass-2' },
    });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'You do not have access to do that.' });
  });

  it('refuses an expired reset token', async () => {
    await call(server, 'POST', '/api/password/email', { body: { email: 'am@demo.test' } });
    const { token } = parseResetLink((await server.mail.waitFor('am@demo.test')).text);
    await server.app.db.execute(sql`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'reset' AND used_at IS NULL`);
    const r = await call(server, 'POST', '/api/password/reset', {
      body: { token, email: 'am@demo.test', password: 'Brand-new-pass-1', password_confirmation: 'Brand-new-pass-1' },
    });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'You do not have access to do that.' });
    expect((await call(server, 'POST', '/api/login', { body: { email: 'am@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it("refuses another user's token and a made-up token", async () => {
    await call(server, 'POST', '/api/password/email', { body: { email: 'dealer2@demo.test' } });
    const { token } = parseResetLink((await server.mail.waitFor('dealer2@demo.test')).text);
    const pw = { password: 'Brand-new-pass-1', password_confirmation: 'Brand-new-pass-1' };
    expect((await call(server, 'POST', '/api/password/reset', { body: { token, email: 'dealer@demo.test', ...pw } })).status).toBe(401);
    expect((await call(server, 'POST', '/api/password/reset', { body: { token: 'x'.repeat(43), email: 'dealer2@demo.test', ...pw } })).status).toBe(401);
  });

  it('answers 401 "That email does not exist." for an unknown email, 400 for a missing one', async () => {
    const unknown = await call(server, 'POST', '/api/password/email', { body: { email: 'ghost@demo.test' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'That email does not exist.' });
    const missing = await call<{ message: string }>(server, 'POST', '/api/password/email', { body: { email: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please make sure that all required fields are complete.');
  });

  it('checks reset input in the spec order', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ token: '', email: '', password: '', password_confirmation: '' }, 'You do not have access to do that.'],
      [{ token: 't', email: '', password: '', password_confirmation: '' }, 'Please fill in the email field.'],
      [{ token: 't', email: 'dealer@demo.test', password: 'abcdefgh', password_confirmation: '' }, 'Please fill in both password fields.'],
      [{ token: 't', email: 'dealer@demo.test', password: 'abcdefgh', password_confirmation: 'abcdefgX' }, 'Passwords do not match.'],
      [{ token: 't', email: 'dealer@demo.test', password: 'short', password_confirmation: 'short' }, 'Must be at least 8 characters long'],
      [{ token: 't', email: 'dealer@demo.test', password: 'p'.repeat(256), password_confirmation: 'p'.repeat(256) }, 'Must have at most 255 characters.'],
    ];
    for (const [body, message] of cases) {
      const r = await call<{ message: string }>(server, 'POST', '/api/password/reset', { body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const unknownEmail = await call(server, 'POST', '/api/password/reset', {
      body: { token: 't', email: 'ghost@demo.test', password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual({ message: 'That email does not exist.' });
  });
});

describe('set password for new users', () => {
  it('mails a /#/password/set/ link whose token sets the password once', async () => {
    const [user] = await server.app.db.insert(users).values({ email: 'newbie@demo.test', name: 'New Bie' }).returning();
    await server.app.db.transaction((tx) => createPasswordSetInvite(server.app, tx, user));
    const mail = await server.mail.waitFor('newbie@demo.test');
    const token = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/#/password/set/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const check = await call(server, 'GET', `/api/password/set/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true, email: 'newbie@demo.test', name: 'New Bie' });

    const mismatch = await call(server, 'POST', '/api/password/set', { body: { token, password: 'Newbie-pass-1', password_confirmation: 'Newbie-pass-2' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ message: 'Passwords do not match.' });

    const set = await call(server, 'POST', '/api/password/set', { body: { token, password: 'Newbie-pass-1', password_confirmation: 'Newbie-pass-1' } });
    expect(set.status).toBe(200);
    expect((await call(server, 'POST', '/api/login', { body: { email: 'newbie@demo.test', password: 'Newbie-pass-1' } })).status).toBe(200);

    expect((await call(server, 'GET', `/api/password/set/${token}`)).status).toBe(401);
    expect((await call(server, 'POST', '/api/password/set', { body: { token, password: 'Other-pass-1', password_confirmation: 'Other-pass-1' } })).status).toBe(401);
  });
});

describe('outbox', () => {
  it('marks mails sent once the worker delivered them', async () => {
    await server.app.mail.flush();
    const rows = await server.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'pm@demo.test'));
    expect(rows[0].status).toBe('sent');
    expect(rows[0].sentAt).toBeInstanceOf(Date);
  });
});
