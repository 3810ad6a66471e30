// The agreements' mails over real SMTP: the app (real database, real outbox and worker) sends to a
// real SMTP server on a local port, which refuses one address (550) as a relay refuses an unknown
// user. The welcome mail answers what the relay said; the local signer's "waits for your
// signature" mail and the signed notices go through the outbox in their readers' languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queueSignedNotices, sendWelcomeMail, welcomeLocale } from '../../../server/agreements/agreements.mail';
import { signerFor } from '../../../server/agreements/signers';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { agreements, companies, companyUsers, configs, mailOutbox, users } from '../../../server/db/schema';
import { Invalid } from '../../../server/domain-errors';
import { DETAILS, SUBSCRIPTION } from '../../support/agreement-fixture';
import { openTestDatabase } from '../../support/server';
import { startMailCatcher, type MailCatcher } from '../../support/smtp';

const REFUSED = 'nobody@garage.test';
let app: FastifyInstance;
let catcher: MailCatcher;
let drop: () => Promise<void>;
let agreementId = 0;

const welcomeData = {
  username: 'Élodie <Martin>',
  editionsurl: 'https://editions.portal.test/garage-lefevre',
  regionTelephone: '+32 2 123 45 67',
  keyContact: 'Alex Manager',
};
const outboxRows = async () => (await app.db.select({ n: count() }).from(mailOutbox))[0].n;

beforeAll(async () => {
  catcher = await startMailCatcher({ refuse: (address) => address === REFUSED });
  const opened = await openTestDatabase();
  drop = opened.drop;
  await opened.database.migrate();
  await seedDatabase(opened.database.db, { demo: false, demoPassword: 'unused-Pass-2026' });
  // No background worker: each test's own flush (or sendWelcomeMail's) is the only pass.
  app = await buildApp({ database: opened.database, smtpUrl: catcher.url, mailWorkerIntervalMs: 0, maxEventLoopDelay: false, publicUrl: 'http://portal.test' });

  // A Belgian dealer; its salesperson (staff, no company: UK English); its account manager, who
  // works from the Dutch office (a company whose language is Dutch).
  const [dealer, office] = await app.db.insert(companies).values([{ name: 'Garage Lefèvre', lang: 'fr-BE' }, { name: 'Kantoor Utrecht', lang: 'nl-NL' }]).returning();
  const [sales, manager] = await app.db
    .insert(users)
    .values([
      { name: 'Sam Sales', email: 'sales@portal.test' },
      { name: 'Anne de Vries', email: 'am@portal.test' },
    ])
    .returning();
  await app.db.insert(companyUsers).values({ companyId: office.id, userId: manager.id });
  await app.db.insert(configs).values({ name: 'Website', companyId: dealer.id, designType: 'custom', stages: [], accountManagerId: manager.id });
  const [agreement] = await app.db
    .insert(agreements)
    .values({ companyId: dealer.id, name: 'Website 2027', lang: 'fr-BE', userId: sales.id, companyDetails: DETAILS, subscription: SUBSCRIPTION, stage: 'signed', signedAt: new Date('2026-11-26T10:00:00Z') })
    .returning();
  agreementId = agreement.id;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await catcher?.close();
});

describe('the welcome mail (POST /mail/{id})', () => {
  it('arrives in the agreement’s language with the username, the portal link, the key contact and the regional telephone', async () => {
    const result = await sendWelcomeMail(app, { agreementId, to: 'elodie@garage.test', lang: 'fr-BE', data: welcomeData });
    expect(result).toMatchObject({ sent: true, failures: [] });

    const mail = await catcher.waitFor('elodie@garage.test', 5000);
    expect(mail.subject).toBe('Bienvenue sur le Launch Portal');
    expect(mail.text).toContain('Bonjour Élodie <Martin>,');
    expect(mail.text).toContain('Suivez votre projet ici : https://editions.portal.test/garage-lefevre');
    expect(mail.text).toContain('Votre interlocuteur principal est Alex Manager. Pour toute question, appelez-nous au +32 2 123 45 67.');
    // The HTML part links the portal and shows the name as text, never as markup.
    expect(mail.html).toContain('<a href="https://editions.portal.test/garage-lefevre">Ouvrir le Launch Portal</a>');
    expect(mail.html).toContain('Bonjour Élodie &lt;Martin&gt;,');
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.emailId));
    expect(row.status).toBe('sent');
  });

  it('takes a region as the language by spec section 9 (French for fr and FR, English for the others)', async () => {
    expect(welcomeLocale('FR')).toBe('fr-FR');
    expect(welcomeLocale('fr')).toBe('fr-FR');
    for (const region of ['uk', 'sa', 'usa', 'GB', 'US', 'ZA', 'AU', 'IE', 'de']) expect(welcomeLocale(region), region).toBe('en-GB');
    expect(welcomeLocale('nl-BE')).toBe('nl-BE');

    const result = await sendWelcomeMail(app, { agreementId, to: 'dealer@usa.test', lang: 'usa', data: welcomeData });
    expect(result.sent).toBe(true);
    const mail = await catcher.waitFor('dealer@usa.test', 5000);
    expect(mail.subject).toBe('Welcome to the Launch Portal');
    expect(mail.text).toContain('Your key contact is Alex Manager. For any question, call us on +32 2 123 45 67.');
  });

  it('reports an address the relay refuses in failures, and does not retry it behind the sender’s back', async () => {
    const result = await sendWelcomeMail(app, { agreementId, to: REFUSED, lang: 'en-GB', data: welcomeData });
    expect(result.sent).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(new RegExp(`^${REFUSED}: .*550`));

    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.emailId));
    expect(row.status).toBe('failed');
    await app.mail.flush();
    const [after] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.emailId));
    expect(after.attempts).toBe(row.attempts);
    expect(catcher.messages.some((m) => m.to === REFUSED)).toBe(false);
  });

  it('refuses an address that is not one (422, the spec’s words) and queues nothing', async () => {
    const before = await outboxRows();
    const error = await sendWelcomeMail(app, { agreementId, to: 'elodie@', lang: 'fr-BE', data: welcomeData }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).message).toBe('Must be a valid email.');
    expect((error as Invalid).errors).toEqual([{ detail: 'Must be a valid email.', field: 'to' }]);
    expect(await outboxRows()).toBe(before);
  });
});

describe('the local signer', () => {
  it('mails the recipient, in the agreement’s language, that an order form waits for their signature, with the link', async () => {
    const signer = signerFor(app);
    expect(signer.provider).toBe('local');
    const signUrl = `http://portal.test/#/agreements/${agreementId}/preview`;
    const sent = await signer.send({
      agreementId,
      agreementGuid: '0b9c6a52-3d2e-4c55-9a57-4f7c1b2a9e10',
      recipient: { name: 'Joost Peeters', email: 'joost@garage.test' },
      documentFilename: 'bestelformulier-A-1.pdf',
      pdf: Buffer.from('%PDF-1.7'),
      lang: 'nl-BE',
      signUrl,
    });
    expect(sent).toEqual({ provider: 'local', externalId: null, status: 'sent' });

    await app.mail.flush();
    const mail = await catcher.waitFor('joost@garage.test', 5000);
    expect(mail.subject).toBe('Er wacht een bestelformulier op uw handtekening');
    expect(mail.text).toContain('Beste Joost Peeters,');
    expect(mail.text).toContain(`Lees en onderteken het hier: ${signUrl}`);
    expect(mail.text).toContain('bestelformulier-A-1.pdf');
    expect(mail.html).toContain(`<a href="${signUrl}">Bestelformulier lezen en ondertekenen</a>`);
  });
});

describe('the signed notices', () => {
  it('reach the salesperson and the company’s account manager, each in their own language', async () => {
    await queueSignedNotices(app, { agreementId });
    await app.mail.flush();

    const toSales = await catcher.waitFor('sales@portal.test', 5000);
    // The agreement by its name and the reference the preview, the PDF and the list show.
    expect(toSales.subject).toBe(`Order form signed: Website 2027 (A-${agreementId}) (Garage Lefèvre)`);
    expect(toSales.text).toContain('Hello Sam Sales,');
    expect(toSales.text).toContain(`Garage Lefèvre signed the order form Website 2027 (A-${agreementId}) on 26/11/2026.`);
    expect(toSales.text).toContain(`http://portal.test/#/agreements/${agreementId}/preview`);

    const toManager = await catcher.waitFor('am@portal.test', 5000);
    expect(toManager.subject).toBe(`Bestelformulier ondertekend: Website 2027 (A-${agreementId}) (Garage Lefèvre)`);
    expect(toManager.text).toContain('Beste Anne de Vries,');
    expect(toManager.text).toContain(`Garage Lefèvre heeft het bestelformulier Website 2027 (A-${agreementId}) op 26/11/2026 ondertekend.`);
  });
});
