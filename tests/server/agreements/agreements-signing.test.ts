// The agreement as a document (issue 27) on a real server: the PDF behind a session, sending
// through the local signer (a real mail), the dealer's signature (hash of what they read, typed
// or drawn, once only, by their own company), the stored signed PDF, the notices and the welcome mail.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementEnvelopes, agreements, agreementSignatures, mailOutbox } from '../../../server/db/schema';
import { documentRenders } from '../../../server/agreements/agreements.document';
import { DB_QUERY_TIMEOUT_MS } from '../../../server/db/database';
import { agreementsWorld, HARBOUR_SIGNED, MOTORS_SENT, type AgreementDetail, type AgreementsWorld, type ErrorBody, type Who } from './agreements-helpers';

let w: AgreementsWorld;
let motors: number;
beforeAll(async () => {
  // The server's own per-query timeout on PostgreSQL (the test pools wait longer): a signing must
  // wait for another's row lock past it (the lock test below).
  w = await agreementsWorld({ queryTimeoutMs: DB_QUERY_TIMEOUT_MS });
  motors = await w.companyId('Demo Motors');
});
afterAll(async () => {
  await w?.close();
});

const db = () => w.server.database.db;
const detail = async (id: number) => (await w.as('admin', 'GET', `/api/agreements/${id}`)).body;
const sign = (who: Who, id: number | string, body: Record<string, unknown>) => w.as<AgreementDetail & ErrorBody>(who, 'POST', `/api/agreements/${id}/sign`, body);
/** pdfsig and pdftotext (poppler-utils), which CI installs. */
function hasPoppler(): boolean {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const typed = (shown: string, extra: Record<string, unknown> = {}) => ({ signer_name: 'Dana Dealer', signer_position: 'Dealer Principal', signature: { kind: 'typed', text: 'Dana Dealer' }, accept: true, shown_sha256: shown, ...extra });
// A 1x1 PNG (the smallest valid one).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// CRC-32 of PNG chunks (ISO 3309), written out: zlib.crc32 needs Node 20.15, the engines allow 20.11.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/**
 * A transparent RGBA PNG (a canvas's drawing) of `width` x `height`, built by hand: signature, IHDR,
 * one IDAT of all-zero rows, IEND. All zeros compress about a thousandfold: 7000 x 7000 is 190 KB.
 */
function blankPng(width: number, height: number, firstChunk = 'IHDR'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, colour type 6 (RGBA), deflate, no filter method, not interlaced
  const rows = deflateSync(Buffer.alloc((width * 4 + 1) * height), { level: 9 });
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const first = firstChunk === 'IHDR' ? [chunk('IHDR', ihdr)] : [chunk(firstChunk, Buffer.from('Launch Portal')), chunk('IHDR', ihdr)];
  return Buffer.concat([magic, ...first, chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A new Demo Motors agreement, sent through the local signer to `recipient`. */
async function sentAgreement(name: string, recipient = 'dana@demo-motors.example') {
  const created = await w.as('am', 'POST', '/api/agreements', { agreement: { name, company_id: motors }, lang: 'en-GB' });
  const envelope = await w.as<{ id: number; provider: string; status: string; agreement_id: number; recipient: string; document_filename: string } & ErrorBody>('am', 'POST', `/api/docusign/envelopes/${created.body.id}`, {
    recipient,
    document_filename: `${name}.pdf`,
    agreement_id: created.body.id,
  });
  return { id: created.body.id, envelope };
}

describe('POST /api/dompdf/create/{id}', () => {
  it('sends the PDF as an attachment with a session only', async () => {
    const a = await w.seeded(MOTORS_SENT);
    const r = await w.pdf('dealer', a.id);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toMatch(/^attachment; filename="Demo-Motors-website-launch-A-\d+\.pdf"$/);
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await w.pdf('anonymous', a.id)).status).toBe(401);
  });

  it('serves the stored signed PDF exactly, every time', async () => {
    const a = await w.seeded(HARBOUR_SIGNED);
    const [stored] = await db().select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, a.id));
    const first = await w.pdf('admin', a.id);
    const second = await w.pdf('dealer2', a.guid);
    expect(first.bytes.equals(stored.signedPdf)).toBe(true);
    expect(second.bytes.equals(stored.signedPdf)).toBe(true);
    expect(first.disposition).toMatch(/-signed\.pdf"$/);
  });
});

describe('POST /api/docusign/envelopes/{id}', () => {
  it('sends a created agreement through the local signer: stage sent, the envelope recorded, the dealer mailed', async () => {
    const { id, envelope } = await sentAgreement('Envelope check');
    expect(envelope.status).toBe(200);
    expect(envelope.body).toMatchObject({ provider: 'local', status: 'sent', agreement_id: id, recipient: 'dana@demo-motors.example', document_filename: 'Envelope check.pdf' });
    const d = await detail(id);
    expect(d.stage).toBe('sent');
    expect(d.envelopes).toEqual([expect.objectContaining({ id: envelope.body.id, provider: 'local' })]);
    const mail = await w.server.mail.waitFor('dana@demo-motors.example');
    expect(mail.text).toContain(`/#/agreements/${id}/preview`);
  });

  it('refuses a bad recipient (422, nothing sent or stored), a signed agreement (409) and another id in the body (400)', async () => {
    const created = await w.as('am', 'POST', '/api/agreements', { agreement: { name: 'Bad recipient', company_id: motors } });
    const before = (await db().select({ n: count() }).from(agreementEnvelopes))[0].n;
    const bad = await w.as<ErrorBody>('am', 'POST', `/api/docusign/envelopes/${created.body.id}`, { recipient: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect((await detail(created.body.id)).stage).toBe('created');
    expect((await db().select({ n: count() }).from(agreementEnvelopes))[0].n).toBe(before);
    const signed = await w.seeded(HARBOUR_SIGNED);
    expect((await w.as('am', 'POST', `/api/docusign/envelopes/${signed.id}`, { recipient: 'x@example.test' })).status).toBe(409);
    expect((await w.as('am', 'POST', `/api/docusign/envelopes/${created.body.id}`, { recipient: 'x@example.test', agreement_id: signed.id })).status).toBe(400);
    expect((await w.as('am', 'POST', `/api/docusign/envelopes/${created.body.id}`, { recipient: 'x@example.test', colour: 'red' })).status).toBe(400);
  });
});

describe('POST /api/agreements/{id}/sign', () => {
  it("signs the seeded agreement for Demo Motors' dealer: audit row, signed PDF stored once, notices, then immutable", async () => {
    const a = await w.seeded(MOTORS_SENT);
    const read = (await w.as('dealer', 'GET', `/api/agreements/${a.id}`)).body;
    expect(read.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The PDF the dealer downloads is the document whose hash they send back.
    const shown = await w.pdf('dealer', a.id);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(shown.bytes).digest('hex')).toBe(read.document_sha256);

    const r = await sign('dealer', a.id, typed(read.document_sha256!));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ stage: 'signed', signature: { signer_name: 'Dana Dealer', signer_position: 'Dealer Principal', shown_sha256: read.document_sha256 } });
    expect(r.body.signed_at).not.toBeNull();
    const [audit] = await db().select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, a.id));
    expect(audit).toMatchObject({ signerEmail: 'dealer@demo.test', clientAddress: '127.0.0.1', shownSha256: read.document_sha256 });
    expect(createHash('sha256').update(audit.signedPdf).digest('hex')).toBe(audit.signedSha256);
    const pdf = await w.pdf('dealer', a.id);
    expect(pdf.bytes.equals(audit.signedPdf)).toBe(true);

    // The salesperson (and account manager: the same person here) is told.
    const notice = await w.server.mail.waitFor('am@demo.test');
    expect(notice.subject).toContain(MOTORS_SENT);
    // Under the reference the preview, the PDF and the list show.
    expect(notice.subject).toContain(`(${read.reference})`);

    const again = await sign('dealer', a.id, typed(read.document_sha256!));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This agreement has already been signed.');
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, a.id)))[0].n).toBe(1);
  });

  it('verifies with a real verifier when poppler is installed', async () => {
    const a = await w.seeded(HARBOUR_SIGNED);
    const pdf = await w.pdf('admin', a.id);
    if (!hasPoppler()) return;
    const dir = mkdtempSync(join(tmpdir(), 'agreement-'));
    try {
      writeFileSync(join(dir, 'signed.pdf'), pdf.bytes);
      const out = execFileSync('pdfsig', [join(dir, 'signed.pdf')], { encoding: 'utf8' });
      expect(out).toMatch(/Signature is Valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a drawn PNG signature, checked by its content', async () => {
    const { id } = await sentAgreement('Drawn signature');
    const shown = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body.document_sha256!;
    const before = await db().select().from(agreements).where(eq(agreements.id, id));
    for (const image of ['data:image/png;base64,' + Buffer.from('GIF89a not a png at all, just some bytes to pass the length check ....').toString('base64'), 'data:image/png;base64,!!', 'https://example.test/sig.png']) {
      const r = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image } }));
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual([{ detail: 'The drawn signature must be a PNG image of at most 200 KB.', field: 'signature.image' }]);
    }
    const big = 'data:image/png;base64,' + Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(210 * 1024)]).toString('base64');
    expect((await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: big } }))).status).toBe(400);
    expect(await db().select().from(agreements).where(eq(agreements.id, id))).toEqual(before);
    const ok = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: `data:image/png;base64,${PNG}` } }));
    expect(ok.status).toBe(200);
    const [audit] = await db().select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, id));
    expect(audit.signatureImage?.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // The preview shows the drawn signature the PDF carries, under the reference the PDF prints.
    const read = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body;
    expect(read.signature?.image).toBe(`data:image/png;base64,${PNG}`);
    expect(read.reference).toBe(`A-${id}`);
    const listed = (await w.as('dealer', 'GET', `/api/agreements?filter=${encodeURIComponent(JSON.stringify({ q: 'Drawn signature' }))}`)).body as unknown as Array<{ id: number; reference: string }>;
    expect(listed.find((row) => row.id === id)?.reference).toBe(read.reference);
    const pdf = await w.pdf('dealer', id);
    expect(pdf.disposition ?? '').toContain(`-${read.reference}-signed.pdf`);
    if (hasPoppler()) {
      const dir = mkdtempSync(join(tmpdir(), 'agreement-'));
      try {
        writeFileSync(join(dir, 'signed.pdf'), pdf.bytes);
        expect(execFileSync('pdftotext', [join(dir, 'signed.pdf'), '-'], { encoding: 'utf8' })).toContain(`Reference ${read.reference}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses a document that changed since it was read, missing consent or name, staff and other companies', async () => {
    const { id } = await sentAgreement('Changed since read');
    const first = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body;
    const shown = first.document_sha256!;
    expect((await sign('dealer', id, typed(shown, { accept: false }))).body.errors).toEqual([{ detail: 'Please check the terms and conditions', field: 'accept' }]);
    expect((await sign('dealer', id, typed(shown, { signer_name: ' ' }))).status).toBe(422);
    expect((await sign('dealer', id, typed(shown, { signature: { kind: 'typed', text: '' } }))).status).toBe(422);
    expect((await sign('dealer', id, typed('nope'))).status).toBe(400);
    expect((await sign('admin', id, typed(shown))).status).toBe(403);
    expect((await sign('dealer2', id, typed(shown))).status).toBe(404);
    expect((await sign('dev', id, typed(shown))).status).toBe(403);
    // Recalled, changed and sent again: what the dealer read is no longer what would be signed.
    const put = (agreement: Record<string, unknown>) => w.as('am', 'PUT', `/api/companies/${first.company_guid}/agreements/${first.guid}`, { agreement });
    expect((await put({ stage: 'created', message: 'New terms' })).status).toBe(200);
    expect((await sign('dealer', id, typed(shown))).status).toBe(409);
    expect((await put({ stage: 'sent' })).status).toBe(200);
    const stale = await sign('dealer', id, typed(shown));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This agreement has changed since you read it. Please read it again before signing.');
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)))[0].n).toBe(0);
  });

  it('refuses a drawn signature over 3000 x 1000 pixels from its IHDR header, before decoding it: a 7000 x 7000 PNG of 190 KB', async () => {
    const { id } = await sentAgreement('Decompression bomb');
    const shown = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body.document_sha256!;
    const before = await db().select().from(agreements).where(eq(agreements.id, id));
    const bomb = blankPng(7000, 7000);
    // Small in bytes, within the 200 KB the route takes: only its dimensions give it away.
    expect(bomb.length).toBeLessThan(200 * 1024);
    const message = 'The drawn signature must be at most 3000 × 1000 pixels.';
    const started = performance.now();
    const r = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: dataUrl(bomb) } }));
    const took = performance.now() - started;
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message, errors: [{ detail: message, field: 'signature.image' }] });
    // Decoding and drawing it took 3 s and 0.7 GB; the header alone is read in no time.
    expect(took).toBeLessThan(1500);
    // One pixel over the cap either way is refused too.
    for (const [width, height] of [[3001, 1000], [3000, 1001]]) {
      const over = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: dataUrl(blankPng(width, height)) } }));
      expect([over.status, over.body.message], `${width} x ${height}`).toEqual([422, message]);
    }
    // A PNG whose first chunk is not IHDR is no PNG the server reads.
    const misplaced = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: dataUrl(blankPng(10, 10, 'tEXt')) } }));
    expect([misplaced.status, misplaced.body.message]).toEqual([422, 'The drawn signature must be a PNG image of at most 200 KB.']);
    expect(await db().select().from(agreements).where(eq(agreements.id, id))).toEqual(before);
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)))[0].n).toBe(0);
    // At the cap (the app's 480 x 160 pad at a screen density above 6 is 3000 x 1000 at most) it signs.
    const atCap = await sign('dealer', id, typed(shown, { signature: { kind: 'drawn', image: dataUrl(blankPng(3000, 1000)) } }));
    expect(atCap.status).toBe(200);
  });

  it('makes concurrent signings take turns on the agreement before rendering: one signs, the others find it signed, one PDF rendered', async () => {
    // The installation's signing certificate is made once, by its first signing ever (an RSA key:
    // a second of CPU, which would hold up the racers' queries past their timeout when this test
    // runs alone); made before the race, which is about the agreement's row lock.
    const first = await sentAgreement('Signature queue warm-up');
    expect((await sign('dealer', first.id, typed((await w.as('dealer', 'GET', `/api/agreements/${first.id}`)).body.document_sha256!))).status).toBe(200);
    const { id } = await sentAgreement('Signature queue');
    // The dealer reads the detail (the unsigned PDF's hash, rendered and kept now), then signs three times at once.
    const shown = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body.document_sha256!;
    const rendered = documentRenders.signed;
    const results = await Promise.all([1, 2, 3].map(() => sign('dealer', id, typed(shown))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body).toEqual({ message: 'This agreement has already been signed.', errors: [{ detail: 'This agreement has already been signed.', field: 'stage' }] });
    }
    // Only the winner rendered (and sealed) a signed PDF: the others waited for the row lock and rendered nothing.
    expect(documentRenders.signed - rendered).toBe(1);
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)))[0].n).toBe(1);
  });

  it('waits for the row lock of a signing in progress, past the per-query timeout, then finds the agreement signed without rendering', async () => {
    const { id } = await sentAgreement('Signature in progress');
    const shown = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body.document_sha256!;
    const rendered = documentRenders.signed;
    let answered = false;
    let pending: Promise<Awaited<ReturnType<typeof sign>>> | undefined;
    // Another signing holds the agreement's row lock for 3.5 s (well over the 1.5 s a query may
    // take, DB_QUERY_TIMEOUT_MS, which would cut a blocking FOR UPDATE short into a 503) and signs
    // it. On PGlite its transaction holds the whole database meanwhile.
    await db().transaction(async (tx) => {
      await tx.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, id)).for('update');
      pending = sign('dealer', id, typed(shown));
      void pending.then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(answered).toBe(false);
      await tx.update(agreements).set({ stage: 'signed', signedAt: new Date(), version: sql`${agreements.version} + 1` }).where(eq(agreements.id, id));
    });
    const r = await pending!;
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This agreement has already been signed.');
    expect(documentRenders.signed - rendered).toBe(0);
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)))[0].n).toBe(0);
  });

  it('lets only one of two concurrent signatures win', async () => {
    const { id } = await sentAgreement('Signature race');
    const shown = (await w.as('dealer', 'GET', `/api/agreements/${id}`)).body.document_sha256!;
    const results = await Promise.all([sign('dealer', id, typed(shown)), sign('dealer', id, typed(shown))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await db().select({ n: count() }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, id)))[0].n).toBe(1);
  });
});

describe('POST /api/mail/{id}', () => {
  it('sends the welcome mail through the outbox, and lists a failure', async () => {
    const a = await w.seeded(HARBOUR_SIGNED);
    const data = { username: 'Hugo Harbour', editionsurl: 'https://portal.example/editions', regionTelephone: '+33 1 23 45 67 89', keyContact: 'Andy Account' };
    const r = await w.as<{ data: { email_id: number; status: string; sent: boolean; failures: string[] } }>('am', 'POST', `/api/mail/${a.id}`, { to: 'hugo@harbour.example', data });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { email_id: expect.any(Number), status: 'sent', sent: true, failures: [] } });
    const mail = await w.server.mail.waitFor('hugo@harbour.example');
    expect(mail.text).toContain('https://portal.example/editions');
    // The spec's email_id (section 3, Mail result) is the outbox row that went: this mail, sent.
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, r.body.data.email_id));
    expect(row).toMatchObject({ to: 'hugo@harbour.example', subject: mail.subject, status: 'sent' });
    expect(row.text).toContain('https://portal.example/editions');
    const bad = await w.as<ErrorBody>('am', 'POST', `/api/mail/${a.id}`, { to: 'nope', data });
    expect(bad.status).toBe(422);
    expect((await w.as('am', 'POST', `/api/mail/${a.id}`, { to: 'x@example.test' })).status).toBe(400);
    expect((await w.as('am', 'POST', '/api/mail/999999', { to: 'x@example.test', data })).status).toBe(404);
  });
});
