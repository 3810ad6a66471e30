import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { companies, companyUsers, users } from '../../../server/db/schema';
import { createPasswordSetInvite } from '../../../server/auth/auth.password-tokens';
import { localeForTag } from '../../../engine';
import { fromAcceptLanguage } from '../../../server/mail/mail.locale';
import { call } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Asks for a reset mail for `email` (optionally in a language) and returns the mail received over SMTP. */
async function resetMailFor(email: string, acceptLanguage?: string) {
  const before = server.mail.messages.filter((m) => m.to === email).length;
  const asked = await call(server, 'POST', '/api/password/email', {
    body: { email },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
  expect(asked.status).toBe(200);
  await expect.poll(() => server.mail.messages.filter((m) => m.to === email).length, { timeout: 10_000 }).toBe(before + 1);
  return server.mail.messages.filter((m) => m.to === email)[before];
}

describe('mails go out in the recipient’s language (real SMTP)', () => {
  it('a reset mail is in the language the app asked in', async () => {
    const mail = await resetMailFor('dealer@demo.test', 'fr-BE');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe du Launch Portal');
    expect(mail.text).toContain('Bonjour Dana Dealer,');
    expect(mail.text).toContain('Ce lien expire dans 60 minutes.');
    expect(mail.html).toContain('Réinitialiser le mot de passe');

    const dutch = await resetMailFor('dealer@demo.test', 'nl-NL');
    expect(dutch.text.startsWith('Beste Dana Dealer,')).toBe(true);
  });

  it('without a language we ship, a dealer gets their company’s language; others UK English', async () => {
    // Harbour Cars is a French company (region FR).
    expect((await resetMailFor('dealer2@demo.test')).subject).toBe('Réinitialisez votre mot de passe du Launch Portal');
    expect((await resetMailFor('dealer2@demo.test', 'de-DE,de;q=0.9')).subject).toBe('Réinitialisez votre mot de passe du Launch Portal');
    expect((await resetMailFor('dealer@demo.test')).subject).toBe('Reset your Launch Portal password');
    expect((await resetMailFor('am@demo.test', 'pl')).subject).toBe('Reset your Launch Portal password');
  });

  it('a new user’s set-password mail is in their company’s language, whoever created them', async () => {
    const [harbour] = await server.app.db.select().from(companies).where(eq(companies.name, 'Harbour Cars'));
    const [user] = await server.app.db.insert(users).values({ email: 'nouveau@demo.test', name: 'Léa Nouveau' }).returning();
    await server.app.db.insert(companyUsers).values({ companyId: harbour.id, userId: user.id });
    await server.app.db.transaction((tx) => createPasswordSetInvite(server.app, tx, user));
    const mail = await server.mail.waitFor('nouveau@demo.test');
    expect(mail.subject).toBe('Définissez votre mot de passe du Launch Portal');
    expect(mail.text).toContain('Bonjour Léa Nouveau,');
  });
});

describe('choosing the mail language', () => {
  it('reads Accept-Language by weight and maps a bare language or an unshipped region to our locale', () => {
    expect(localeForTag('fr-be')).toBe('fr-BE');
    expect(localeForTag('nl')).toBe('nl-NL');
    expect(localeForTag('en-US')).toBe('en-GB');
    expect(localeForTag('de-DE')).toBeUndefined();
    expect(fromAcceptLanguage('de-DE,fr;q=0.8,en;q=0.5')).toBe('fr-FR');
    expect(fromAcceptLanguage('en;q=0.2, nl-BE;q=0.9')).toBe('nl-BE');
    expect(fromAcceptLanguage('fr;q=0, en-AU')).toBe('en-AU');
    expect(fromAcceptLanguage('*')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });
});
