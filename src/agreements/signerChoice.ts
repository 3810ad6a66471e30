import { AGREEMENT_SIGNERS_MAX, type AgreementRouting, type AgreementSendOptions } from '../../contract/agreements';
import { isEmail } from '../../engine/accounts';
import type { UserChoice } from './turnsApi';

/**
 * The send dialog's choice of signers (issue 57), pure: the dealer signers in order (a user of the
 * company, or someone invited by name and email), the routing and the countersigner, and what the
 * sending's body takes of them. Nobody chosen keeps the sending as it was before (one open slot
 * for the contact): the body then names no signers at all.
 */
export type ChosenSigner = { kind: 'user'; user_id: number; name: string; email: string } | { kind: 'invite'; name: string; email: string };

export interface SignerDraft {
  signers: ChosenSigner[];
  routing: AgreementRouting;
  countersigner: UserChoice | null;
}

export const emptySignerDraft = (): SignerDraft => ({ signers: [], routing: 'sequential', countersigner: null });

/** A signer's identity in the list (one person once: by user, else by address). */
export const signerKey = (s: ChosenSigner) => (s.kind === 'user' ? `u${s.user_id}` : `e${s.email.toLowerCase()}`);

/**
 * The list with `signer` added at the end; unchanged when they are in it already (by user or by
 * address) or the list is full.
 */
export function addSigner(list: ChosenSigner[], signer: ChosenSigner): ChosenSigner[] {
  const email = signer.email.toLowerCase();
  if (list.length >= AGREEMENT_SIGNERS_MAX) return list;
  if (list.some((s) => signerKey(s) === signerKey(signer) || s.email.toLowerCase() === email)) return list;
  return [...list, signer];
}

/**
 * The list with the signer at `index` moved one place up (-1) or down (+1); unchanged at the ends.
 * @example moveSigner([a, b, c], 2, -1) // [a, c, b]
 */
export function moveSigner<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** An invitation from the typed name and address, or null when either is not usable. */
export function inviteOf(name: string, email: string): ChosenSigner | null {
  const n = name.trim();
  const e = email.trim().toLowerCase();
  return n && isEmail(e) ? { kind: 'invite', name: n, email: e } : null;
}

/** What the sending's body takes of the choice (nothing when nobody is chosen: the open slot, as before). */
export function signerOptions(draft: SignerDraft): Pick<AgreementSendOptions, 'signers' | 'countersigner_id' | 'routing'> {
  if (!draft.signers.length && !draft.countersigner) return {};
  return {
    signers: draft.signers.map((s) => (s.kind === 'user' ? { user_id: s.user_id } : { email: s.email, name: s.name })),
    countersigner_id: draft.countersigner?.id ?? null,
    routing: draft.routing,
  };
}
