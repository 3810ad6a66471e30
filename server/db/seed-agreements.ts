// Demo agreements (issue 27): order forms in every stage for several demo companies, priced from
// the demo catalogue with the areas' own code: Demo Motors has one sent and waiting for
// dealer@demo.test's signature and one still being prepared; Harbour Cars has a signed one, its
// signed PDF stored; two other dealers have one being prepared and one archived. Seeded once per
// database (also one seeded before agreements existed), with fixed dates. Issue 55: the waiting one
// was sent with the default reminder and an expiry 30 days after seeding (so it is open for a
// month on any new installation), and the dealer's bell holds its agreement_to_sign, read. Issue 57:
// each sent one has its signer (an open slot: the recipient) and every one its trail; the signed
// one's PDF ends with the certificate of completion under its signature. Issue 57 also: Demo Motors
// has one sent to two of its users in order and countersigned by staff (its `turns`): Dana Dealer
// signed first (a real incremental signature over the unsigned form), so it is Fran Finch's turn
// (finance@demo.test, seeded here as the company's second user), then admin@demo.test countersigns.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { defaultProducts, SUBSCRIPTION_DEFAULTS, type Subscription } from '../../engine/agreements';
import type { AgreementStage, AgreementType } from '../../contract/agreements';
import type { Db } from './database';
import { agreementReference } from '../../contract/agreements';
import { toLocale } from '../../engine';
import { agreements, agreementEnvelopes, agreementSignatures, agreementSigners, companies, companyUsers, userNotifications, userRoles, users } from './schema';
import { withDerived, pricingOf, renderDocument, documentFilename } from '../agreements/agreements.document';
import { prefillCompanyDetails, siteCounts } from '../agreements/agreements.prefill';
import { companyCatalogue, loadAgreement } from '../agreements/agreements.store';
import { frozenCatalogue } from '../agreements/agreements.service';
import { sendSettings } from '../agreements/agreements.expiry';
import { agreementPagePath, notifyToSign, signerChannel, signerOf, type SentAgreement } from '../agreements/agreements.notify';
import { planSigners } from '../agreements/agreements.signers';
import { createSigningCertificate, sha256 } from '../agreements/agreements.signing';
import { eventsOf, recordEvent, type Who } from '../agreements/agreements.events';
import { agreementTexts } from '../agreements/agreements.texts';
import { appendCertificate, appendSignature } from '../agreements/signatures';
import { DEMO_EXTRA_COMPANIES } from './seed-companies';
import { takeSeedLock } from './locks';

interface DemoAgreement {
  name: string;
  company: string;
  type: AgreementType;
  stage: AgreementStage;
  archived?: boolean;
  lang: string;
  salesperson: string;
  /** Days before 2026-03-02 it was created. */
  age: number;
  /** The message to the dealer. */
  dealerMessage?: string;
  notes?: string;
  subscription?: Partial<Subscription>;
  /** Who signs a signed one, as they typed it. */
  signer?: { name: string; position: string; email: string };
  /** Where a sent one's envelope went (default: the contact's address, else the signer's). */
  recipient?: string;
  /** A waiting one's expiry, in days after seeding (a date, as the send dialog picks one). */
  expiresInDays?: number;
  /** Issue 57: a sending to named signers (by address, in order) and a countersigner; the first `signed` of them have signed. */
  turns?: { signers: string[]; countersigner: string; signed: number };
}

/**
 * Demo Motors' second user (issue 57), the second signer of the sending in turn: a Client of the
 * company beside dealer@demo.test, with the demo password.
 */
export const DEMO_SECOND_SIGNER = { email: 'finance@demo.test', name: 'Fran Finch', position: 'Finance Director', company: 'Demo Motors' } as const;

const firstOf = (market: string) => DEMO_EXTRA_COMPANIES.find((c) => c.market === market)!.name;

export const DEMO_AGREEMENTS: DemoAgreement[] = [
  {
    name: 'Demo Motors website launch',
    company: 'Demo Motors',
    type: 'new',
    stage: 'sent',
    lang: 'en-GB',
    salesperson: 'am@demo.test',
    age: 20,
    dealerMessage: 'Thank you for choosing us for your new website. Please read the order form and sign it in the portal.',
    notes: 'Agreed a 5% discount on the monthly total for a 36 month term.',
    subscription: { totalDiscountPercentage: 5, designType: 'franchise', projectType: 'multi-franchise-dealer', stockCount: 180 },
    // To the dealer's own portal address, so it is theirs to sign and their bell tells them.
    recipient: 'dealer@demo.test',
    expiresInDays: 30,
  },
  {
    name: 'Demo Motors used car add-ons',
    company: 'Demo Motors',
    type: 'amendment',
    stage: 'created',
    lang: 'en-GB',
    salesperson: 'am@demo.test',
    age: 3,
    notes: 'Waiting for the stock figures before sending.',
  },
  {
    name: 'Harbour Cars — site vitrine',
    company: 'Harbour Cars',
    type: 'new',
    stage: 'signed',
    lang: 'fr-FR',
    salesperson: 'am@demo.test',
    age: 60,
    dealerMessage: 'Merci pour votre confiance. Voici votre bon de commande.',
    subscription: { designType: 'template', projectType: 'independent', term: 24 },
    signer: { name: 'Hugo Harbour', position: 'Directeur', email: 'dealer2@demo.test' },
  },
  {
    name: 'Demo Motors aftersales pages',
    company: 'Demo Motors',
    type: 'amendment',
    stage: 'sent',
    lang: 'en-GB',
    salesperson: 'am@demo.test',
    age: 8,
    dealerMessage: 'The service and parts pages we discussed. Dana signs first, then Fran; we countersign last.',
    subscription: { designType: 'franchise', projectType: 'multi-franchise-dealer', stockCount: 180 },
    recipient: 'dealer@demo.test',
    expiresInDays: 30,
    // Dana Dealer signed; Fran Finch's turn; the provider countersigns once both have.
    turns: { signers: ['dealer@demo.test', DEMO_SECOND_SIGNER.email], countersigner: 'admin@demo.test', signed: 1 },
  },
  { name: `${firstOf('UK')} renewal`, company: firstOf('UK'), type: 'renewal', stage: 'created', lang: 'en-GB', salesperson: 'admin@demo.test', age: 10 },
  { name: `${firstOf('AU')} website`, company: firstOf('AU'), type: 'new', stage: 'created', archived: true, lang: 'en-AU', salesperson: 'am@demo.test', age: 90, notes: 'Lost to a competitor: archived.' },
];

const DAY = 86_400_000;
let demoCertificate: ReturnType<typeof createSigningCertificate> | undefined;
const BASE = Date.UTC(2026, 2, 2, 10);

/**
 * The demo's signing certificate. RSA key generation is most of the seed's time (0.4-1 s): one
 * certificate per process, valid from a year before the demo's dates, so it was valid at every
 * demo signature whichever is made first.
 */
function demoSigningCertificate() {
  demoCertificate ??= createSigningCertificate('Dealer Launch Portal (demo)', new Date(BASE - 365 * DAY));
  return demoCertificate;
}

/** Seeds DEMO_AGREEMENTS once; false when there were agreements already (or the demo companies are missing). */
export async function seedDemoAgreements(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ n: count() }).from(agreements))[0].n > 0;
  if (await done(db)) return false;
  const names = [...new Set(DEMO_AGREEMENTS.map((a) => a.company))];
  const found = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, names));
  const companyIds = new Map(found.map((c) => [c.name, c.id]));
  if (companyIds.size !== names.length) return false;

  return db.transaction(async (tx) => {
    // The seed lock (locks.ts): instances starting at once seed these once.
    await takeSeedLock(tx as unknown as Db);
    if (await done(tx as unknown as Db)) return false;
    await seedSecondSigner(tx as unknown as Db, companyIds.get(DEMO_SECOND_SIGNER.company)!);
    const emails = DEMO_AGREEMENTS.flatMap((a) => [a.salesperson, a.signer?.email ?? a.salesperson, ...(a.turns ? [...a.turns.signers, a.turns.countersigner] : [])]);
    const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [...new Set(emails)]));
    const userIds = new Map(people.map((u) => [u.email, u.id]));
    for (const demo of DEMO_AGREEMENTS) {
      const companyId = companyIds.get(demo.company)!;
      const details = await prefillCompanyDetails(tx, companyId);
      const catalogue = await companyCatalogue(tx, companyId);
      const pricing = { catalogue, counts: siteCounts(details) };
      const subscription = withDerived({ ...SUBSCRIPTION_DEFAULTS, products: defaultProducts(catalogue), ...demo.subscription }, pricing);
      const created = new Date(BASE - demo.age * DAY);
      const sent = demo.stage === 'created' ? null : new Date(created.getTime() + 2 * DAY);
      const signed = demo.stage === 'signed' ? new Date(created.getTime() + 5 * DAY) : null;
      // A waiting one's reminder and expiry as a sending takes them (the default reminder, 3 days).
      const expiry = demo.expiresInDays ? new Date(Date.now() + demo.expiresInDays * DAY).toISOString().slice(0, 10) : undefined;
      const settings = demo.stage === 'sent' ? sendSettings({ expires_at: expiry }, new Date()) : { remindAfterDays: null, expiresAt: null };
      const [row] = await tx
        .insert(agreements)
        .values({
          name: demo.name,
          companyId,
          type: demo.type,
          stage: demo.stage === 'signed' ? 'sent' : demo.stage,
          lang: demo.lang,
          notes: demo.notes ?? null,
          message: demo.dealerMessage ?? null,
          userId: userIds.get(demo.salesperson) ?? null,
          companyDetails: details,
          subscription,
          sentCatalogue: sent ? frozenCatalogue(catalogue, subscription) : null,
          sentAt: sent,
          remindAfterDays: settings.remindAfterDays,
          expiresAt: settings.expiresAt,
          archivedAt: demo.archived ? new Date(created.getTime() + 30 * DAY) : null,
          createdAt: created,
          updatedAt: sent ?? created,
        })
        .returning({ id: agreements.id });
      const salesperson: Who = { userId: userIds.get(demo.salesperson) ?? null, ip: null, userAgent: null };
      await recordEvent(tx, { agreementId: row.id, kind: 'created', who: salesperson, at: created });
      if (!sent) continue;
      const recipient = demo.recipient ?? details.contact_email ?? demo.signer?.email ?? 'dealer@demo.test';
      await tx.insert(agreementEnvelopes).values({ agreementId: row.id, recipient, documentFilename: documentFilename({ id: row.id, name: demo.name }, false), userId: userIds.get(demo.salesperson) ?? null, provider: 'local', status: 'sent', createdAt: sent });
      // Issue 57: one open signer slot, the recipient (a sending that names no signers), and the sending in the trail.
      const record = (await loadAgreement(tx, row.id))!;
      const shown = sha256(await renderDocument(record, await pricingOf(tx, record)));
      if (demo.turns && (await seedTurns(tx as unknown as Db, { id: row.id, name: demo.name, lang: demo.lang, sentAt: sent, expiresAt: settings.expiresAt, companyId }, demo.turns, userIds, salesperson, shown))) continue;
      await tx.insert(agreementSigners).values({ agreementId: row.id, userId: null, name: demo.signer?.name ?? details.contact_name ?? demo.company, email: recipient, role: 'signer', position: 1, status: 'current', turnSince: sent });
      await recordEvent(tx, { agreementId: row.id, kind: 'sent', who: salesperson, at: sent, documentSha256: shown });
      if (demo.stage === 'sent') await announceDemo(tx as unknown as Db, { id: row.id, name: demo.name, lang: demo.lang, sentAt: sent, expiresAt: settings.expiresAt, companyId }, recipient, details.contact_name ?? demo.company);
      if (!signed || !demo.signer) continue;
      await signDemo(tx as unknown as Db, row.id, signed, demo.signer, userIds.get(demo.signer.email) ?? null);
    }
    return true;
  });
}

/**
 * The agreement_to_sign bell row its sending gave the signer (agreements.notify.ts: their channel,
 * words, key and link), dated at the sending and read the next day: the demo's one read row.
 * Nothing for an outside address (no bell), and no mail (the sending is in the past).
 */
async function announceDemo(db: Db, agreement: { id: number; name: string; lang: string; sentAt: Date; expiresAt: Date | null; companyId: number }, recipient: string, contactName: string) {
  const signer = await signerOf(db, agreement.companyId, recipient, contactName);
  if (!signer.userId) return;
  await notifyToSign(db, agreement, signer, await signerChannel(db, signer, 'agreement_to_sign'));
  await db
    .update(userNotifications)
    .set({ createdAt: agreement.sentAt, readAt: new Date(agreement.sentAt.getTime() + DAY) })
    .where(and(eq(userNotifications.userId, signer.userId), eq(userNotifications.event, 'agreement_to_sign'), eq(userNotifications.link, agreementPagePath(agreement.id))));
}

/**
 * The signed demo agreement's PDF, signed as the portal signs (issue 57): the unsigned order form,
 * the certificate of completion with the trail, and one incremental PAdES signature over both.
 * With a certificate made for the demo and not kept: the installation's own is sealed with its
 * SECRET_KEY, which the seed does not know, and the signed PDF carries its certificate, so it
 * verifies all the same.
 */
async function signDemo(db: Db, id: number, signedAt: Date, signer: NonNullable<DemoAgreement['signer']>, signerUserId: number | null) {
  const record = (await loadAgreement(db, id))!;
  const pricing = await pricingOf(db, record);
  const unsigned = await renderDocument(record, pricing);
  const shown = sha256(unsigned);
  const address = '192.0.2.10';
  const image = await drawnSignature();
  const who: Who = { userId: signerUserId, ip: address, userAgent: null };
  await recordEvent(db, { agreementId: id, kind: 'opened', who, at: new Date(signedAt.getTime() - 600_000), name: signer.name, email: signer.email });
  const trail = (await eventsOf(db, id)).map((e) => ({ at: e.at, kind: e.kind, name: e.name, email: e.email, ip: e.ip, userAgent: e.userAgent, documentSha256: e.documentSha256, reason: e.reason }));
  const texts = agreementTexts(toLocale(record.lang));
  const withCertificate = await appendCertificate(unsigned, {
    agreementGuid: record.guid,
    title: `${texts.pdf.title} ${agreementReference(id)} — ${record.companyName}`,
    locale: record.lang,
    events: [...trail, { at: signedAt, kind: 'signed', name: signer.name, email: signer.email, ip: address, userAgent: null, documentSha256: shown, reason: null }],
    drawn: [{ name: signer.name, png: image }],
  });
  const certificate = demoSigningCertificate();
  const signed = await appendSignature(withCertificate, { fieldName: 'signer-1', name: signer.name, email: signer.email, role: 'signer', reason: `${texts.certificate.kinds.signed}: ${agreementReference(id)}`, signedAt, location: address }, certificate);
  await db.update(agreements).set({ stage: 'signed', signedAt, updatedAt: signedAt, version: sql`${agreements.version} + 1` }).where(eq(agreements.id, id));
  const [slot] = await db.update(agreementSigners).set({ status: 'signed', userId: signerUserId, signedAt, openedAt: new Date(signedAt.getTime() - 600_000) }).where(eq(agreementSigners.agreementId, id)).returning({ id: agreementSigners.id });
  await db.insert(agreementSignatures).values({
    agreementId: id,
    signerId: slot.id,
    signerUserId,
    signerName: signer.name,
    signerPosition: signer.position,
    signerEmail: signer.email,
    clientAddress: address,
    userAgent: null,
    signatureImage: image,
    shownSha256: shown,
    signedSha256: sha256(signed),
    certificateFingerprint: certificate.fingerprint,
    signedPdf: signed,
    signedAt,
  });
  await recordEvent(db, { agreementId: id, kind: 'signed', who, at: signedAt, name: signer.name, email: signer.email, documentSha256: sha256(signed) });
}

/**
 * Demo Motors' second user (DEMO_SECOND_SIGNER), as the demo's dealer users are seeded (Client role,
 * a member of the company, not its primary user). Their password hash is dealer@demo.test's: the
 * seed of agreements is not given the demo password, and the same hash takes the same password
 * (also a DEMO_PASSWORD other than the default). Nothing when the address is taken.
 */
async function seedSecondSigner(db: Db, companyId: number): Promise<void> {
  const [dealer] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'dealer@demo.test'));
  if (!dealer) return;
  const { email, name, position } = DEMO_SECOND_SIGNER;
  const [row] = await db.insert(users).values({ email, name, position, passwordHash: dealer.passwordHash, primary: false }).onConflictDoNothing().returning({ id: users.id });
  if (!row) return;
  await db.insert(userRoles).values({ userId: row.id, roleId: CLIENT_ROLE_ID });
  await db.insert(companyUsers).values({ companyId, userId: row.id });
}

/** The Client role (seed-data.ts ROLES). */
const CLIENT_ROLE_ID = 1;

/**
 * A sending to named signers in order and a countersigner (issue 57), as agreements.signers.ts
 * writes one: the plan checked by `planSigners` (company users, the countersigner's permission),
 * the rows by position, the `sent` event with the unsigned form's hash; then the first `signed`
 * signers sign their turns (signTurnDemo), and the next one's turn is open since the last
 * signature, with their agreement_to_sign bell row (unread: it waits for them). False, with nothing
 * written, when its people are not there to take it.
 */
async function seedTurns(db: Db, agreement: SentAgreement & { companyId: number }, turns: NonNullable<DemoAgreement['turns']>, userIds: Map<string, number>, salesperson: Who, shown: string): Promise<boolean> {
  const people = [...turns.signers, turns.countersigner];
  if (!people.every((email) => userIds.has(email))) return false;
  // Nothing is written before the plan is checked; a demo database whose people no longer fit
  // (a user left the company, the admin's role lost the permission) gets the open slot instead.
  const plan = await planSigners(
    db,
    { companyId: agreement.companyId },
    { signers: turns.signers.map((email) => ({ user_id: userIds.get(email)! })), countersigner_id: userIds.get(turns.countersigner)!, routing: 'sequential' },
    { name: '-', email: null },
  ).catch(() => null);
  if (!plan) return false;
  const rows = await db
    .insert(agreementSigners)
    .values(plan.signers.map((p, i) => ({ agreementId: agreement.id, userId: p.userId, name: p.name, email: p.email, role: p.role, position: i + 1, status: 'waiting' as const })))
    .returning();
  await recordEvent(db, { agreementId: agreement.id, kind: 'sent', who: salesperson, at: agreement.sentAt, documentSha256: shown });
  let since = agreement.sentAt;
  for (const signer of rows.slice(0, turns.signed)) {
    const signedAt = new Date(since.getTime() + DAY);
    await signTurnDemo(db, agreement.id, signer, since, signedAt);
    since = signedAt;
  }
  const next = rows[turns.signed];
  await db.update(agreementSigners).set({ status: 'current', turnSince: since }).where(eq(agreementSigners.id, next.id));
  const signer = { userId: next.userId, name: next.name, email: next.email! };
  await notifyToSign(db, agreement, signer, await signerChannel(db, signer, 'agreement_to_sign'));
  await db
    .update(userNotifications)
    .set({ createdAt: since })
    .where(and(eq(userNotifications.userId, next.userId!), eq(userNotifications.event, 'agreement_to_sign'), eq(userNotifications.link, agreementPagePath(agreement.id))));
  return true;
}

/**
 * One signer's turn signed as POST /agreements/{id}/sign signs one that is not the last: opened,
 * then a PAdES signature appended incrementally (appendSignature) to the PDF as the previous
 * signature left it (the unsigned order form for the first), with no certificate of completion
 * yet (the last signature carries it), stored with both hashes; the version moves on, as every
 * signature's write does.
 */
async function signTurnDemo(db: Db, id: number, signer: typeof agreementSigners.$inferSelect, turnSince: Date, signedAt: Date): Promise<void> {
  const record = (await loadAgreement(db, id))!;
  const unsigned = await renderDocument(record, await pricingOf(db, record));
  const [previous] = await db.select({ pdf: agreementSignatures.signedPdf }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)).orderBy(desc(agreementSignatures.signedAt)).limit(1);
  const pdf = previous ? Buffer.from(previous.pdf) : unsigned;
  const [person] = await db.select({ position: users.position }).from(users).where(eq(users.id, signer.userId!));
  const address = '192.0.2.11';
  const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const who: Who = { userId: signer.userId, ip: address, userAgent };
  const openedAt = new Date(signedAt.getTime() - 600_000);
  await recordEvent(db, { agreementId: id, kind: 'opened', who, at: openedAt });
  const texts = agreementTexts(toLocale(record.lang));
  const certificate = demoSigningCertificate();
  const signed = await appendSignature(
    pdf,
    { fieldName: `signer-${signer.position}`, name: signer.name, email: signer.email!, role: signer.role, reason: `${texts.certificate.kinds.signed}: ${agreementReference(id)}`, signedAt, location: address },
    certificate,
  );
  await db.update(agreements).set({ updatedAt: signedAt, version: sql`${agreements.version} + 1` }).where(eq(agreements.id, id));
  await db.update(agreementSigners).set({ status: 'signed', turnSince, openedAt, signedAt }).where(eq(agreementSigners.id, signer.id));
  await db.insert(agreementSignatures).values({
    agreementId: id,
    signerId: signer.id,
    signerUserId: signer.userId,
    signerName: signer.name,
    signerPosition: person?.position ?? null,
    signerEmail: signer.email!,
    clientAddress: address,
    userAgent,
    signatureImage: await drawnSignature(),
    shownSha256: sha256(unsigned),
    signedSha256: sha256(signed),
    certificateFingerprint: certificate.fingerprint,
    signedPdf: signed,
    signedAt,
  });
  await recordEvent(db, { agreementId: id, kind: 'signed', who, at: signedAt, name: signer.name, email: signer.email, documentSha256: sha256(signed) });
}

/**
 * A drawn signature for the demo's signed order form, as the signing pad sends one (a PNG of dark
 * strokes on a transparent ground, 600 x 200 like the pad): the preview and the PDF show it as they
 * show a dealer's.
 */
async function drawnSignature(): Promise<Buffer> {
  const strokes = [
    'M40 130 C 60 40, 90 40, 80 120 S 110 170, 130 90',
    'M130 90 C 150 60, 170 150, 190 100 C 200 80, 215 80, 220 110',
    'M240 120 C 260 60, 300 60, 290 130 C 285 160, 320 150, 340 95',
    'M350 100 C 380 150, 420 40, 450 110 C 470 150, 520 90, 560 80',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><g fill="none" stroke="#1a237e" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${strokes.map((d) => `<path d="${d}"/>`).join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
