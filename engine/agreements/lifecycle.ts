/**
 * An agreement's lifecycle (spec section 4) as one table, like the configurator's stage table
 * (engine/lifecycle/transitions.ts): anything not in it is illegal (the server answers 409 with
 * the row's reason), a row the user's permissions do not allow is forbidden (403).
 */
import { permissionSet, type Permission } from '../../contract/permissions';
import type { AgreementStage } from '../../contract/agreements';

export type AgreementAction = 'edit' | 'send' | 'recall' | 'sign' | 'archive';

export interface AgreementTransition {
  from: AgreementStage;
  action: AgreementAction;
  to: AgreementStage;
  /** Permissions that allow it (any one). */
  allowed: readonly Permission[];
  /** Only a user of the agreement's own company may take it (a dealer signs; staff never sign for one). */
  ownCompanyOnly?: boolean;
  note: string;
}

const STAFF: readonly Permission[] = ['edit agreements'];

export const agreementTransitions: readonly AgreementTransition[] = Object.freeze([
  { from: 'created', action: 'edit', to: 'created', allowed: STAFF, note: 'Staff prepare the order form while it is created.' },
  { from: 'created', action: 'send', to: 'sent', allowed: STAFF, note: 'Sending freezes the priced content the dealer will sign.' },
  { from: 'sent', action: 'recall', to: 'created', allowed: STAFF, note: 'Recalling a sent agreement lets staff change it again; the dealer can no longer sign the version sent.' },
  { from: 'sent', action: 'sign', to: 'signed', allowed: ['view agreements'], ownCompanyOnly: true, note: 'The dealer signs the version sent to them.' },
  { from: 'created', action: 'archive', to: 'created', allowed: STAFF, note: 'Archiving removes an agreement from the list.' },
  { from: 'sent', action: 'archive', to: 'sent', allowed: STAFF, note: 'Archiving removes an agreement from the list.' },
  { from: 'signed', action: 'archive', to: 'signed', allowed: STAFF, note: 'Archiving removes an agreement from the list; the signed document is kept.' },
  // Issue 57: a declined or voided sending is over; staff archive it or copy it to a new draft (server/agreements/agreements.close.ts).
  { from: 'declined', action: 'archive', to: 'declined', allowed: STAFF, note: 'Archiving removes an agreement from the list.' },
  { from: 'voided', action: 'archive', to: 'voided', allowed: STAFF, note: 'Archiving removes an agreement from the list.' },
] satisfies AgreementTransition[]);

/** Why an action is refused in a stage, for the 409 the server answers. */
const REFUSALS: Partial<Record<AgreementStage, string>> = {
  sent: 'This agreement has been sent for signature: recall it before changing it.',
  signed: 'This agreement is signed and can no longer be changed.',
  declined: 'This agreement was declined: copy it to a new draft to change it.',
  voided: 'This agreement was voided: copy it to a new draft to change it.',
};

export class IllegalAgreementTransitionError extends Error {
  constructor(readonly from: AgreementStage, readonly action: AgreementAction) {
    super(REFUSALS[from] ?? `An agreement that is ${from} cannot be ${action === 'sign' ? 'signed' : `${action}ed`}.`);
    this.name = 'IllegalAgreementTransitionError';
  }
}

export class ForbiddenAgreementTransitionError extends Error {
  constructor(readonly transition: AgreementTransition) {
    super('You are not authorised to do that.');
    this.name = 'ForbiddenAgreementTransitionError';
  }
}

/**
 * The row for `action` from `from`, checked against the user's permissions and company; throws
 * when it is illegal or forbidden.
 * @example agreementTransition({ from: 'created', action: 'send', permissions: ['edit agreements'], ownCompany: false }).to // 'sent'
 */
export function agreementTransition(args: { from: AgreementStage; action: AgreementAction; permissions: Iterable<string>; ownCompany: boolean }): AgreementTransition {
  const row = agreementTransitions.find((t) => t.from === args.from && t.action === args.action);
  if (!row) throw new IllegalAgreementTransitionError(args.from, args.action);
  const held = permissionSet(args.permissions);
  if (!row.allowed.some((p) => held.has(p)) || (row.ownCompanyOnly && !args.ownCompany)) throw new ForbiddenAgreementTransitionError(row);
  return row;
}
