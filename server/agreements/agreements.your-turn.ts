/**
 * Whether the reader holds a turn of an agreement now (issue 57), as list rows and the detail carry
 * it (`your_turn`): the dashboard's "An order form waits for your signature" is shown only then.
 * The same rule as signing (agreements.signers.ts `slotOf`/`currentSlotOf`, agreements.sign.ts
 * `mayTakeTurn`): a sent agreement whose current signer row is the reader's own (a dealer signer of
 * their current company with 'view agreements', or the countersigner holding 'countersign
 * agreements'), or the open slot of a sending that named no signers, which any user of the company
 * may sign (unless the reader has a row of their own in that sending).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AgreementStage } from '../../contract/agreements';
import { inCurrentCompany, type Viewer } from '../db/tenancy';
import { slotOf, type SignerRow } from './agreements.signers';

/** The rule over a loaded agreement's signers (the detail). */
export function holdsTurn(stage: AgreementStage, signers: SignerRow[], viewer: Viewer, ownCompany: boolean): boolean {
  const slot = slotOf(signers, viewer, ownCompany);
  if (stage !== 'sent' || slot?.status !== 'current') return false;
  return slot.role === 'countersigner' ? viewer.permissions.has('countersign agreements') : ownCompany && viewer.permissions.has('view agreements');
}

/** The rule as a column of a query over agreements (the lists): one EXISTS per row, on the signers' (agreement, position) index. */
export function holdsTurnSql(viewer: Viewer, agreement: { id: AnyPgColumn; companyId: AnyPgColumn; stage: AnyPgColumn }): SQL<boolean> {
  // The permissions are the reader's, known here: written into the statement, not compared in it.
  const counter = viewer.permissions.has('countersign agreements');
  const dealer = sql.raw(viewer.permissions.has('view agreements') ? 'TRUE' : 'FALSE');
  const own = inCurrentCompany(viewer.id, agreement.companyId);
  const mine = counter
    ? sql`(s.role = 'countersigner' OR (s.role = 'signer' AND ${dealer} AND ${own}))`
    : sql`(s.role = 'signer' AND ${dealer} AND ${own})`;
  return sql<boolean>`(${agreement.stage} = 'sent' AND EXISTS (
    SELECT 1 FROM agreement_signers s WHERE s.agreement_id = ${agreement.id} AND s.status = 'current' AND (
      (s.user_id = ${viewer.id} AND ${mine})
      OR (s.user_id IS NULL AND s.role = 'signer' AND ${dealer} AND ${own}
          AND NOT EXISTS (SELECT 1 FROM agreement_signers o WHERE o.agreement_id = ${agreement.id} AND o.user_id = ${viewer.id}))
    )))`;
}
