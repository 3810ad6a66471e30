/**
 * Changing your own email address (issue 25): the new address must confirm it before it takes
 * effect, and the old one is told. Until the link is opened the account keeps its old email, so
 * signing in and password resets still go there: someone who got hold of a session (and the
 * password) cannot move the account to their own mailbox without the owner hearing of it, and a
 * typo cannot lock the owner out.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { isUniqueViolation } from '../db/pg-errors';
import { oneTimeTokens, users } from '../db/schema';
import { Invalid, Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { mailLocaleFor } from '../mail/mail.locale';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/mail.text';
import { countAttempt, rateKeys } from '../auth/auth.rate-limit';
import { hashToken, randomToken } from '../auth/auth.tokens';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'mail'>;

/** How long a confirmation link is good for: a day, time to reach a mailbox set up for it. */
export const EMAIL_TOKEN_HOURS = 24;

/**
 * In the caller's transaction (the PUT that asked for it): voids earlier confirmation links of the
 * user (only the newest address asked for can be confirmed), stores the new one's token hashed, and
 * writes two mails to the outbox: the link to the new address, a notice to the old one.
 */
export async function requestEmailChange(deps: Deps, tx: Tx, user: { id: number; name: string; email: string }, newEmail: string, acceptLanguage?: string): Promise<string> {
  await tx.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'email'), isNull(oneTimeTokens.usedAt)));
  const token = randomToken();
  await tx.insert(oneTimeTokens).values({ userId: user.id, kind: 'email', newEmail, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + EMAIL_TOKEN_HOURS * 3600 * 1000) });
  const base = deps.config.publicUrl();
  const locale = await mailLocaleFor(tx, user.id, acceptLanguage);
  await deps.mail.enqueue(tx, { to: newEmail, ...emailChangeMail(locale, user.name, `${base}/#/email/confirm/${token}`, EMAIL_TOKEN_HOURS) });
  await deps.mail.enqueue(tx, { to: user.email, ...emailChangeNoticeMail(locale, user.name, newEmail, `${base}/#/password/email/reset`) });
  return token;
}

const invalidLink = () => new Unauthorized(serverMessages.token_invalid, [{ detail: serverMessages.token_invalid, field: 'token' }]);

/**
 * POST /users/email/confirm {token}: no session needed (the link may be opened on another device).
 * Uses the token once, atomically, and sets the email; the address may have been taken since it
 * was asked for (the spec's 422). Counted per address like the password links' tries.
 */
export async function confirmEmailChange(deps: Deps, token: string, ip: string): Promise<{ email: string; message: string }> {
  await countAttempt(deps, rateKeys.emailToken(ip), deps.config.rateLimits.passwordReset);
  try {
    return await deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, 'email'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
        .returning({ userId: oneTimeTokens.userId, newEmail: oneTimeTokens.newEmail });
      if (!used?.newEmail) throw invalidLink();
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.newEmail));
      if (taken.some((u) => u.id !== used.userId)) throw new Invalid(serverMessages.email_taken, [{ detail: serverMessages.email_taken, field: 'email' }]);
      // A reset link mailed to the old address must not outlive the change.
      await tx.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.userId, used.userId), isNull(oneTimeTokens.usedAt)));
      await tx.update(users).set({ email: used.newEmail, updatedAt: sql`now()` }).where(eq(users.id, used.userId));
      return { email: used.newEmail, message: serverMessages.users.email_confirmed };
    });
  } catch (err) {
    // Taken between the check and the write (the unique index decides): the same 422.
    if (isUniqueViolation(err)) throw new Invalid(serverMessages.email_taken, [{ detail: serverMessages.email_taken, field: 'email' }]);
    throw err;
  }
}
