import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, SETTLE, type E2E } from './harness';

describe('registration (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('registers through both steps and lands signed in', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-form').getByRole('link', { name: 'Request access' }).click();
    await page.waitForURL(/#\/register/);

    const step1 = page.getByTestId('register-step-1');
    // Step 1 needs region and type.
    await step1.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => step1.getByTestId('form-error').textContent(), SETTLE).toContain('Please make sure that all required fields are complete.');

    // The regions come from the API: wait for them (a loaded machine answered after the first look).
    const options = () => page.getByTestId('register-region').locator('option').allTextContents();
    // Regions are countries in the reader's language (issue 26), never bare codes.
    await expect.poll(options, SETTLE).toEqual(expect.arrayContaining(['United Kingdom', 'France']));
    const regionOptions = await options();
    expect(regionOptions.map((o) => o.toLowerCase())).not.toContain('usa');
    expect(regionOptions.map((o) => o.toLowerCase())).not.toContain('united states');

    await page.getByTestId('register-region').selectOption({ label: 'United Kingdom' });
    await page.getByTestId('register-type').selectOption({ index: 1 });
    await step1.getByRole('button', { name: 'Next' }).click();

    const step2 = page.getByTestId('register-step-2');
    await step2.waitFor();
    await step2.getByLabel('Company name').fill('  Northgate Autos  ');
    await step2.getByLabel(/^Your name/).fill('Ana');
    await step2.getByLabel(/^Email/).fill('ana@northgate.test');
    await step2.getByLabel(/^Password/).fill('short');
    await step2.getByRole('button', { name: 'Register' }).click();
    // Makes required for this type, name too short, password too short.
    await expect.poll(() => step2.getByTestId('form-error').textContent(), SETTLE).toMatch(/Please make sure that all required fields are complete\.|at least/);

    await step2.getByLabel(/^Your name/).fill('Ana Silva');
    await step2.getByLabel(/^Password/).fill('Northgate-2026');
    await page.getByTestId('register-makes').getByRole('combobox').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    // Consent is never pre-ticked: the user ticks it themselves.
    await step2.getByRole('checkbox', { name: /I accept the/ }).check();
    await step2.getByRole('button', { name: 'Register' }).click();

    // Signed in, and a new company (stage configurator) arriving from Register goes to Config.
    await page.waitForURL(/#\/configurator/);
    await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toContain('Ana Silva');
  });

  it('clears each red field of step 2 as it is put right, and the message with the last one', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/register');
    await page.getByTestId('register-region').selectOption({ label: 'United Kingdom' });
    await page.getByTestId('register-type').selectOption({ index: 1 }); // a type with makes
    await page.getByTestId('register-step-1').getByRole('button', { name: 'Next' }).click();
    const step2 = page.getByTestId('register-step-2');
    await step2.waitFor();

    const fields = {
      company: step2.getByLabel('Company name'),
      name: step2.getByLabel(/^Your name/),
      email: step2.getByLabel(/^Email/),
      password: step2.getByLabel(/^Password/),
      makes: page.getByTestId('register-makes').getByRole('combobox'),
    };
    // What the user sees as a red field, and what a screen reader announces with it.
    const red = async () => {
      const out: string[] = [];
      for (const [key, field] of Object.entries(fields)) if ((await field.getAttribute('aria-invalid')) === 'true') out.push(key);
      return out;
    };
    const message = step2.getByTestId('form-error');

    await step2.getByRole('button', { name: 'Register' }).click();
    await expect.poll(red, SETTLE).toEqual(['company', 'name', 'email', 'password', 'makes']);
    await expect.poll(() => message.textContent(), SETTLE).toBe('Please make sure that all required fields are complete.');

    // Each field clears as it becomes right; the message stays while any is still missing.
    await fields.company.fill('Northgate Autos');
    await expect.poll(red, SETTLE).toEqual(['name', 'email', 'password', 'makes']);
    await fields.email.fill('ana@');
    await expect.poll(red, SETTLE).toEqual(['name', 'email', 'password', 'makes']); // not an email yet
    await fields.email.fill('ana@northgate.test');
    await fields.password.fill('Northgate-2026');
    await expect.poll(red, SETTLE).toEqual(['name', 'makes']);
    await expect(message.textContent()).resolves.toBe('Please make sure that all required fields are complete.');

    // A flagged field that is filled but still not right stays red, and the message says why.
    await fields.name.fill('Ana');
    await expect.poll(red, SETTLE).toEqual(['name', 'makes']);
    const lines = async () => (await message.innerText()).split('\n').sort();
    await expect.poll(lines, SETTLE).toEqual(['Must be at least 4 characters long', 'Please make sure that all required fields are complete.']);

    await fields.makes.click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await expect.poll(red, SETTLE).toEqual(['name']);
    await expect.poll(() => message.textContent(), SETTLE).toBe('Must be at least 4 characters long');

    await fields.name.fill('Ana Silva');
    await expect.poll(red, SETTLE).toEqual([]);
    await expect.poll(() => message.count(), SETTLE).toBe(0);
  });

  it('hides the makes for an Independent company and goes back to step 1 with Back', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/register');
    await page.getByTestId('register-region').selectOption({ label: 'France' });
    await page.getByTestId('register-type').selectOption({ value: '6' });
    await page.getByTestId('register-step-1').getByRole('button', { name: 'Next' }).click();
    const step2 = page.getByTestId('register-step-2');
    await step2.waitFor();
    await expect(page.getByTestId('register-makes').count()).resolves.toBe(0);
    await step2.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('register-step-1').waitFor();
  });

  it('asks before leaving with typed details, and keeps them when the user stays', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/register');
    await page.getByTestId('register-region').selectOption({ label: 'United Kingdom' });
    await page.getByTestId('register-type').selectOption({ value: '6' });
    await page.getByTestId('register-step-1').getByRole('button', { name: 'Next' }).click();
    const step2 = page.getByTestId('register-step-2');
    await step2.getByLabel('Company name').fill('Quayside Motors');

    await page.getByRole('link', { name: 'Log in' }).click();
    const prompt = page.getByTestId('unsaved-changes-prompt');
    await prompt.getByRole('button', { name: 'Stay on this page' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/#\/register/);
    await expect(step2.getByLabel('Company name').inputValue()).resolves.toBe('Quayside Motors');

    await page.getByRole('link', { name: 'Log in' }).click();
    await prompt.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL(/#\/login/);
  });
});
