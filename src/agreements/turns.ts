import type { AgreementSigner } from '../../contract/agreements';
import type { AgreementDetail } from './api';

/**
 * The reader's place among an agreement's signers (issue 57), as the server decides it
 * (server/agreements/agreements.signers.ts slotOf): their own slot, else, for a user of the company
 * (not staff), the open slot of a sending that named nobody. An agreement sent before issue 57
 * has no signers: its dealer is taken as the open slot's signer while it is sent.
 */
export function viewerSlot(agreement: Pick<AgreementDetail, 'signers' | 'stage'>, viewerId: number | null, staff: boolean): AgreementSigner | null {
  const own = viewerId === null ? undefined : agreement.signers.find((s) => s.user_id === viewerId);
  if (own) return own;
  if (staff) return null;
  const openSlot = agreement.signers.find((s) => s.user_id === null && s.role === 'signer');
  if (openSlot) return openSlot;
  if (!agreement.signers.length && agreement.stage === 'sent') {
    return { id: 0, user_id: null, name: '', email: null, role: 'signer', position: 1, status: 'current', turn_since: null, opened_at: null, signed_at: null, signed_sha256: null };
  }
  return null;
}
