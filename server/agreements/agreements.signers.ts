/**
 * Issue 57: who signs a sending and whose turn it is (`agreement_signers`).
 *
 * A sending names its dealer signers (users of the agreement's company, chosen by staff, or invited
 * by address: a new user of the company with the Client role, mailed the set-password link the
 * users area sends) in order, the routing (`sequential`: one at a time by position; `parallel`: all
 * at once) and optionally a countersigner, a member of staff holding 'countersign agreements', who
 * signs after every dealer signer. A sending that names none keeps what sending did before: one
 * open slot (no user) that any user of the company may sign, addressed to the recipient.
 *
 * Turns: when nobody's turn is open, the next group opens (sequential: the first waiting signer by
 * position; parallel: every waiting dealer signer, then the countersigner), each told in the app and
 * by mail as their channel for agreement_to_sign says, in their language. When nobody waits, the
 * agreement is signed (agreements.sign.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AGREEMENT_SIGNERS_MAX, type AgreementRouting, type AgreementSendOptions, type AgreementSigner } from '../../contract/agreements';
import { isEmail } from '../../engine/accounts';
import { createPasswordSetInvite } from '../auth/auth.password-tokens';
import type { Db, Tx } from '../db/database';
import { agreements, agreementSignatures, agreementSigners, companyUsers, userRoles, users } from '../db/schema';
import { heldPermissions, type Viewer } from '../db/tenancy';
import { Conflict, Forbidden, Invalid, type ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { channelFor } from '../mail/mail.deliver';
import { mailLocaleFor } from '../mail/mail.locale';
import type { AppServices } from '../plugins/services';
import { documentFilename } from './agreements.document';
import { recordEvent, type Who } from './agreements.events';
import { signRequestMail } from './agreements.mail';
import { agreementPagePath, notifyToSign } from './agreements.notify';
import { turnErrors } from './agreements.turn-texts';
import type { AgreementRecord } from './agreements.types';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail'>;

export type SignerRow = typeof agreementSigners.$inferSelect;

/** The Client role (server/db/seed-data.ts ROLES): what an invited signer gets. */
const CLIENT_ROLE_ID = 1;

/** One signer of a plan: a user, someone to invite, or the open slot. */
export interface PlannedSigner {
  userId: number | null;
  name: string;
  email: string | null;
  role: 'signer' | 'countersigner';
  /** A new user of the company to create (and mail the set-password link) when the sending is written. */
  invite?: boolean;
}

export interface SignerPlan {
  routing: AgreementRouting;
  signers: PlannedSigner[];
  /** Dealer signers named by the sender (false: the open slot of a sending that named none, told by the envelope). */
  named: boolean;
}

/** True when a sending's body chooses signers (so a PUT that does not send refuses it). */
export const hasSignerChoice = (input: AgreementSendOptions) => Boolean(input.signers?.length) || input.countersigner_id != null || input.routing != null;

const invalid = (detail: string, field: string): Invalid => new Invalid(detail, [{ detail, field }]);

/**
 * The signers a sending names, checked (422 at the field): each dealer signer an active user of the
 * agreement's company (by id, or by an address that is theirs), or a new address with a name (an
 * invitation); nobody twice; the countersigner an active user holding 'countersign agreements'.
 * None named: the open slot, addressed to `fallback`.
 */
export async function planSigners(db: Db, record: Pick<AgreementRecord, 'companyId'>, input: AgreementSendOptions, fallback: { name: string; email: string | null }): Promise<SignerPlan> {
  const routing: AgreementRouting = input.routing ?? 'sequential';
  const chosen = input.signers ?? [];
  const planned: PlannedSigner[] = [];
  const problems: ErrorDetail[] = [];
  if (chosen.length > AGREEMENT_SIGNERS_MAX) throw invalid(turnErrors.signer_twice, 'signers');
  const members = async (where: ReturnType<typeof eq>) =>
    db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status, inCompany: sql<boolean>`EXISTS (SELECT 1 FROM company_users cu WHERE cu.user_id = ${users.id} AND cu.company_id = ${record.companyId})` })
      .from(users)
      .where(where);
  for (const [i, entry] of chosen.entries()) {
    if ('user_id' in entry && entry.user_id != null) {
      const [user] = await members(eq(users.id, entry.user_id));
      if (!user || !user.inCompany || user.status !== 'active') problems.push({ detail: turnErrors.signer_outside, field: `signers.${i}.user_id` });
      else planned.push({ userId: user.id, name: user.name, email: user.email, role: 'signer' });
      continue;
    }
    const email = ('email' in entry ? entry.email : '').trim().toLowerCase();
    if (!isEmail(email)) {
      problems.push({ detail: turnErrors.signer_outside, field: `signers.${i}.email` });
      continue;
    }
    const [user] = await members(eq(users.email, email));
    if (user) {
      if (!user.inCompany || user.status !== 'active') problems.push({ detail: turnErrors.signer_email_outside, field: `signers.${i}.email` });
      else planned.push({ userId: user.id, name: user.name, email: user.email, role: 'signer' });
      continue;
    }
    const name = cleanName('name' in entry ? entry.name ?? '' : '').trim();
    if (!name) problems.push({ detail: turnErrors.signer_name_required, field: `signers.${i}.name` });
    else planned.push({ userId: null, name, email, role: 'signer', invite: true });
  }
  const seen = new Set<string>();
  for (const [i, p] of planned.entries()) {
    const key = p.userId !== null ? `u${p.userId}` : `e${p.email}`;
    if (seen.has(key)) problems.push({ detail: turnErrors.signer_twice, field: `signers.${i}` });
    seen.add(key);
  }
  if (input.countersigner_id != null) {
    const [user] = await db.select({ id: users.id, name: users.name, email: users.email, status: users.status }).from(users).where(eq(users.id, input.countersigner_id));
    const may = user && user.status === 'active' && (await heldPermissions(db, user.id)).includes('countersign agreements');
    if (!user || !may) problems.push({ detail: turnErrors.countersigner_invalid, field: 'countersigner_id' });
    else if (seen.has(`u${user.id}`)) problems.push({ detail: turnErrors.signer_twice, field: 'countersigner_id' });
    else planned.push({ userId: user.id, name: user.name, email: user.email, role: 'countersigner' });
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  if (!planned.some((p) => p.role === 'signer')) {
    // Nobody of the company named: the open slot, as a sending before issue 57 (a countersigner may still follow).
    planned.unshift({ userId: null, name: cleanName(fallback.name).trim() || '-', email: fallback.email, role: 'signer' });
    // The open slot's recipient is told by the envelope (as before); a countersigner after it at their turn.
    return { routing, signers: planned, named: false };
  }
  return { routing, signers: planned, named: true };
}

/**
 * The choice of the agreement's last sending, for sending it again once it expired without naming
 * signers: the same users in the same order, the same countersigner and routing. Nothing when it
 * went to the open slot alone.
 */
export async function previousChoice(db: Db, record: Pick<AgreementRecord, 'id' | 'routing'>): Promise<Pick<AgreementSendOptions, 'signers' | 'countersigner_id' | 'routing'>> {
  const rows = await signersOf(db, record.id);
  if (!rows.some((r) => r.userId !== null && r.role === 'signer') && !rows.some((r) => r.role === 'countersigner')) return {};
  const signers = rows.filter((r) => r.role === 'signer' && r.userId !== null).map((r) => ({ user_id: r.userId! }));
  return { signers, countersigner_id: rows.find((r) => r.role === 'countersigner')?.userId ?? null, routing: record.routing };
}

/** The signers of an agreement's current sending, by position. */
export const signersOf = (db: Db | Tx, agreementId: number): Promise<SignerRow[]> =>
  db.select().from(agreementSigners).where(eq(agreementSigners.agreementId, agreementId)).orderBy(asc(agreementSigners.position));

/** 409 when somebody already signed the sending: it can no longer be recalled or sent again, only voided. */
export async function refuseWhenPartlySigned(db: Db | Tx, agreementId: number): Promise<void> {
  const [row] = await db.select({ id: agreementSignatures.id }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId)).limit(1);
  if (row) throw new Conflict(turnErrors.partly_signed, [{ detail: turnErrors.partly_signed, field: 'stage' }]);
}

/** The agreement as the turn notices need it. */
export interface TurnAgreement {
  id: number;
  name: string;
  lang: string;
  sentAt: Date;
  expiresAt: Date | null;
  routing: AgreementRouting;
}

/**
 * Writes a sending's signers (in the sending's transaction, once the stage is `sent`): invites the
 * new users, replaces the previous sending's signers (nobody signed them: refuseWhenPartlySigned),
 * records the `sent` event with the unsigned document's hash, and opens the first turn. `notify`
 * false leaves telling the first signers to the caller (the open slot's recipient is told by the
 * envelope, as before issue 57).
 */
export async function startSigning(deps: Deps, tx: Tx, agreement: TurnAgreement & { companyId: number }, plan: SignerPlan, who: Who, opts: { documentSha256: string; notify: boolean }): Promise<SignerRow[]> {
  const rows: Array<typeof agreementSigners.$inferInsert> = [];
  for (const [i, p] of plan.signers.entries()) {
    let userId = p.userId;
    if (p.invite) userId = await inviteSigner(deps, tx, agreement.companyId, { name: p.name, email: p.email! });
    rows.push({ agreementId: agreement.id, userId, name: p.name, email: p.email, role: p.role, position: i + 1, status: 'waiting' });
  }
  await tx.delete(agreementSigners).where(eq(agreementSigners.agreementId, agreement.id));
  await tx.insert(agreementSigners).values(rows);
  await tx.update(agreements).set({ routing: plan.routing }).where(eq(agreements.id, agreement.id));
  await recordEvent(tx, { agreementId: agreement.id, kind: 'sent', who, at: agreement.sentAt, documentSha256: opts.documentSha256 });
  return openTurn(deps, tx, { ...agreement, routing: plan.routing }, agreement.sentAt, opts.notify);
}

/**
 * A new user of the company for an invited address, with the Client role, mailed the set-password
 * link (server/auth/auth.password-tokens.ts, as POST /users does). A concurrent creation of the same
 * address is taken as it is if it is the company's, refused otherwise.
 */
async function inviteSigner(deps: Deps, tx: Tx, companyId: number, person: { name: string; email: string }): Promise<number> {
  const [created] = await tx.insert(users).values({ name: person.name, email: person.email, passwordHash: null }).onConflictDoNothing().returning({ id: users.id, name: users.name, email: users.email });
  if (!created) throw invalid(turnErrors.signer_email_outside, 'signers');
  await tx.insert(companyUsers).values({ companyId, userId: created.id });
  await tx.insert(userRoles).values({ userId: created.id, roleId: CLIENT_ROLE_ID });
  await createPasswordSetInvite(deps, tx, created);
  return created.id;
}

/**
 * Opens the next turn when none is open: sequential, the first waiting signer; parallel, every
 * waiting dealer signer (the countersigner once they all signed). Each new current signer who is a
 * user is told (when `notify`). Returns the signers as they are now; none current and none waiting
 * means everyone signed.
 */
export async function openTurn(deps: Deps, tx: Tx, agreement: TurnAgreement, now: Date, notify: boolean): Promise<SignerRow[]> {
  const signers = await signersOf(tx, agreement.id);
  if (signers.some((s) => s.status === 'current')) return signers;
  const waiting = signers.filter((s) => s.status === 'waiting');
  if (!waiting.length) return signers;
  const next = agreement.routing === 'parallel' && waiting[0].role === 'signer' ? waiting.filter((s) => s.role === 'signer') : [waiting[0]];
  const ids = next.map((s) => s.id);
  await tx.update(agreementSigners).set({ status: 'current', turnSince: now }).where(inArray(agreementSigners.id, ids));
  if (notify) for (const s of next) await notifyTurn(deps, tx, agreement, s);
  return signersOf(tx, agreement.id);
}

/**
 * Tells a signer it is their turn: the bell's agreement_to_sign row and, when their channel is
 * `mail`, the sign-request mail in their language (a user's: their company's, else UK English).
 */
async function notifyTurn(deps: Deps, tx: Tx, agreement: TurnAgreement, signer: SignerRow): Promise<void> {
  if (signer.userId === null) return;
  const [user] = await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, signer.userId));
  if (!user || user.status !== 'active') return;
  const channel = await channelFor(tx, signer.userId, 'agreement_to_sign');
  await notifyToSign(tx, agreement, { userId: signer.userId, name: signer.name, email: user.email }, channel);
  // With DocuSign, DocuSign mails each signer at their turn (its routing order): the bell row only.
  if (channel !== 'mail' || deps.config.docusign) return;
  const locale = await mailLocaleFor(tx, signer.userId);
  const link = `${deps.config.publicUrl()}/#${agreementPagePath(agreement.id)}`;
  await deps.mail.enqueue(tx, { to: user.email, ...signRequestMail(locale, signer.name, link, documentFilename(agreement, false)) });
}

/**
 * The viewer's place among the signers: their own row, else (a user of the agreement's company) the
 * open slot; null when they have none.
 */
export function slotOf(signers: SignerRow[], viewer: Viewer, ownCompany: boolean): SignerRow | null {
  return signers.find((s) => s.userId === viewer.id) ?? (ownCompany ? (signers.find((s) => s.userId === null && s.role === 'signer') ?? null) : null);
}

/**
 * The viewer's slot if it is their turn now; else the refusal: 403 for someone who is no signer
 * (or a countersigner who no longer holds the permission), 409 for a signer whose turn has not
 * come, who signed already or declined.
 */
export function currentSlotOf(signers: SignerRow[], viewer: Viewer, ownCompany: boolean): SignerRow {
  const slot = slotOf(signers, viewer, ownCompany);
  if (!slot || (slot.role === 'countersigner' && !viewer.permissions.has('countersign agreements')) || (slot.role === 'signer' && !ownCompany)) {
    throw new Forbidden(turnErrors.not_a_signer);
  }
  if (slot.status === 'signed') throw new Conflict(turnErrors.signed_by_you, [{ detail: turnErrors.signed_by_you, field: 'stage' }]);
  if (slot.status !== 'current') throw new Conflict(turnErrors.not_your_turn, [{ detail: turnErrors.not_your_turn, field: 'stage' }]);
  return slot;
}

/** The signers and the turn as the detail answer carries them. */
export function signersView(signers: SignerRow[], signedSha: Map<number, string>): { signers: AgreementSigner[]; turn: { signer_ids: number[]; since: string } | null } {
  const current = signers.filter((s) => s.status === 'current');
  const since = current.map((s) => s.turnSince).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    signers: signers.map((s) => ({
      id: s.id,
      user_id: s.userId,
      name: s.name,
      email: s.email,
      role: s.role,
      position: s.position,
      status: s.status,
      turn_since: s.turnSince?.toISOString() ?? null,
      opened_at: s.openedAt?.toISOString() ?? null,
      signed_at: s.signedAt?.toISOString() ?? null,
      signed_sha256: signedSha.get(s.id) ?? null,
    })),
    turn: current.length && since ? { signer_ids: current.map((s) => s.id), since: since.toISOString() } : null,
  };
}

/**
 * The first time a current signer opens the agreement or its PDF during their turn: `opened_at`
 * and the `opened` event, once (the conditional update decides between concurrent opens).
 */
export async function markOpened(db: Db, agreementId: number, viewer: Viewer, ownCompany: boolean, who: Who): Promise<void> {
  const slot = slotOf(await signersOf(db, agreementId), viewer, ownCompany);
  if (!slot || slot.status !== 'current' || slot.openedAt !== null) return;
  await db.transaction(async (tx) => {
    const [opened] = await tx
      .update(agreementSigners)
      .set({ openedAt: new Date() })
      .where(and(eq(agreementSigners.id, slot.id), eq(agreementSigners.status, 'current'), sql`${agreementSigners.openedAt} IS NULL`))
      .returning({ at: agreementSigners.openedAt });
    if (opened) await recordEvent(tx, { agreementId, kind: 'opened', who, at: opened.at! });
  });
}
