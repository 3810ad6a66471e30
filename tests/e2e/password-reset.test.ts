import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, SETTLE, type E2E } from './harness';

describe('forgot and reset password (browser + real SMTP)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('mails a reset link that sets a new password, then signs in with it', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/#\/password\/email\/reset/);

    const form = page.getByTestId('forgot-password-form');
    await form.getByLabel(/Email/).fill('pm@demo.test');
    await form.getByRole('button').click();
    await page.getByTestId('reset-link-sent').waitFor();

    const mail = await e2e.server.mail.waitFor('pm@demo.test', 15_000);
    const link = (mail.text.match(/https?:\/\/\S+#\/password\/reset\/\S+/) ?? [])[0];
    expect(link, `reset link in mail:\n${mail.text}`).toBeTruthy();
    expect(link!.startsWith(e2e.server.url)).toBe(true);

    await page.goto(link!);
    const reset = page.getByTestId('reset-password-form');
    await reset.waitFor();
    const passwords = reset.locator('input[type="password"]');
    await passwords.nth(0).fill('Fresh-pass-2027');
    await passwords.nth(1).fill('Different-2027');
    await reset.getByRole('button').click();
    await expect.poll(() => reset.getByTestId('form-error').textContent(), SETTLE).toContain('Passwords do not match.');

    await passwords.nth(1).fill('Fresh-pass-2027');
    await reset.getByRole('button').click();
    await page.getByTestId('password-reset-done').waitFor();
    // Back to Login two seconds later.
    await page.waitForURL(/#\/login/, { timeout: 6_000 });

    await signIn(page, 'pm@demo.test', 'Demo-pass-2026');
    await page.getByTestId('growl').getByText('Password or Email Address are incorrect.').waitFor();
    await signIn(page, 'pm@demo.test', 'Fresh-pass-2027');
    await page.waitForURL(/#\/dashboard/);
  });

  it('says in words, in the reader\'s language, that a set-password link is no good', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/password/set/not-a-real-token');
    const invalid = page.getByTestId('password-set-invalid');
    await expect.poll(() => invalid.textContent(), SETTLE).toBe('This link is invalid or has expired.');

    const french = (await e2e.newPage()).page;
    await french.goto('/#/login');
    await french.getByTestId('locale-switcher').selectOption('fr-FR');
    await french.getByTestId('login-form').getByRole('button', { name: 'Connexion' }).waitFor();
    await french.goto(`${e2e.server.url}/#/password/set/not-a-real-token`);
    await expect.poll(() => french.getByTestId('password-set-invalid').textContent(), SETTLE).toBe("Ce lien n'est pas valide ou a expiré.");
  });
});
