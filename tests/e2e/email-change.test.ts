import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, userRoles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/auth.passwords';
import { startE2E, SETTLE, type E2E } from './harness';

/**
 * Issue 25 in the browser: a user changes their own email from their profile, which asks for their
 * current password and says a link went to the new address; opening the link confirms the change.
 */
describe('changing your own email (browser + real SMTP)', () => {
  let e2e: E2E;
  const PASSWORD = 'Profile-pass-2026';
  let id: number;
  const tag = Date.now().toString(36);
  const oldEmail = `profile-${tag}@change.test`;
  const newEmail = `moved-${tag}@change.test`;

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.database.db;
    [{ id }] = await db.insert(users).values({ name: 'Petra Profile', email: oldEmail, passwordHash: await hashPassword(PASSWORD) }).returning({ id: users.id });
    await db.insert(userRoles).values({ userId: id, roleId: 1 });
    const [motors] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    await db.insert(companyUsers).values({ userId: id, companyId: motors.id });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('asks for the current password, mails a link to the new address, and the link confirms it', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, oldEmail, { password: PASSWORD, route: `/users/profile/${id}` });
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).toBe('Petra Profile');

    await page.locator('input[name="email"]').fill(newEmail);
    // Without the current password the server refuses, and nothing changes.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter your current password to change your email or password.').first().waitFor();
    await page.locator('input[name="current_password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`We have emailed a confirmation link to ${newEmail}`, { exact: false }).first().waitFor();
    const email = async () => (await e2e.server.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
    expect(await email()).toBe(oldEmail);

    const mail = await e2e.server.mail.waitFor(newEmail, 20_000);
    const token = /\/#\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await e2e.server.mail.waitFor(oldEmail, 20_000)).text).toContain(newEmail);
    await page.goto(`${e2e.server.url}/#/email/confirm/${token}`);
    await expect.poll(() => page.getByTestId('email-confirm-done').textContent(), SETTLE).toContain(newEmail);
    expect(await email()).toBe(newEmail);
    // The link is single use: opened again it says so.
    await page.goto(`${e2e.server.url}/#/login`);
    await page.goto(`${e2e.server.url}/#/email/confirm/${token}`);
    await expect.poll(() => page.getByTestId('email-confirm-failed').textContent(), SETTLE).toBe('This link is invalid or has expired.');
  });
});
