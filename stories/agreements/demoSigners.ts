import type { AgreementEvent, AgreementSigner, VerifyDocumentAnswer } from '../../contract/agreements';
import type { AgreementDetail } from '../../src/agreements/api';
import { demoAgreement } from './demoAgreement';

/** Issue 57's demo data for the stories and the jsdom tests: two dealer signers in order and a countersigner. */
const signer = (over: Partial<AgreementSigner> & Pick<AgreementSigner, 'id' | 'name' | 'position'>): AgreementSigner => ({
  user_id: 100 + over.id,
  email: `${over.name.toLowerCase().replace(/\s+/g, '.')}@demo-motors.example`,
  role: 'signer',
  status: 'waiting',
  turn_since: null,
  opened_at: null,
  signed_at: null,
  signed_sha256: null,
  ...over,
});

export const demoSigners: AgreementSigner[] = [
  signer({ id: 1, name: 'Sam Taylor', position: 1, status: 'signed', turn_since: '2026-03-02T09:00:00Z', opened_at: '2026-03-02T09:14:00Z', signed_at: '2026-03-02T09:20:00Z', signed_sha256: '1f0c'.repeat(16) }),
  signer({ id: 2, name: 'Priya Shah', position: 2, status: 'current', turn_since: '2026-03-02T09:20:00Z' }),
  signer({ id: 3, name: 'Alex Admin', position: 3, role: 'countersigner', user_id: 1, email: 'admin@demo.test' }),
];

const event = (id: number, kind: AgreementEvent['kind'], at: string, over: Partial<AgreementEvent> = {}): AgreementEvent => ({
  id,
  kind,
  at,
  user_id: 1,
  name: 'Alex Admin',
  email: 'admin@demo.test',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  document_sha256: null,
  reason: null,
  ...over,
});

const sam = { user_id: 101, name: 'Sam Taylor', email: 'sam.taylor@demo-motors.example', ip: '198.51.100.24', user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' };

export const demoEvents: AgreementEvent[] = [
  event(1, 'created', '2026-03-01T15:02:00Z'),
  event(2, 'sent', '2026-03-02T09:00:00Z', { document_sha256: 'a3f1c9e2b7d4a8f0c6e1d2b3a4f5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3' }),
  event(3, 'opened', '2026-03-02T09:14:00Z', sam),
  event(4, 'signed', '2026-03-02T09:20:00Z', { ...sam, document_sha256: '1f0c'.repeat(16) }),
];

/** Sent to two dealer signers in order and the countersigner: the first signed, the second's turn. */
export const sentToSigners: AgreementDetail = {
  ...demoAgreement,
  stage: 'sent',
  sent_at: '2026-03-02T09:00:00Z',
  routing: 'sequential',
  signers: demoSigners,
  turn: { signer_ids: [2], since: '2026-03-02T09:20:00Z' },
  events: demoEvents,
};

/** Declined by the second signer, with the reason. */
export const declinedAgreement: AgreementDetail = {
  ...sentToSigners,
  stage: 'declined',
  signers: demoSigners.map((s) => (s.id === 2 ? { ...s, status: 'declined' } : s)),
  turn: null,
  closed_reason: 'The monthly total is not what we agreed on the phone: please send it again with the 10% discount.',
  closed_at: '2026-03-03T11:45:00Z',
  events: [...demoEvents, event(5, 'declined', '2026-03-03T11:45:00Z', { user_id: 102, name: 'Priya Shah', email: 'priya.shah@demo-motors.example', ip: '198.51.100.80', reason: 'The monthly total is not what we agreed on the phone: please send it again with the 10% discount.' })],
};

/** Voided by staff. */
export const voidedAgreement: AgreementDetail = {
  ...sentToSigners,
  stage: 'voided',
  turn: null,
  closed_reason: 'Sent to the wrong company.',
  closed_at: '2026-03-03T08:00:00Z',
  events: [...demoEvents, event(5, 'voided', '2026-03-03T08:00:00Z', { reason: 'Sent to the wrong company.' })],
};

/** "Verify a document"'s answers: the final PDF, an earlier version, and a changed copy. */
const signatures = [
  { name: 'Sam Taylor', signed_at: '2026-03-02T09:20:00Z', intact: true, by_portal: true },
  { name: 'Priya Shah', signed_at: '2026-03-03T10:02:00Z', intact: true, by_portal: true },
  { name: 'Alex Admin', signed_at: '2026-03-03T14:30:00Z', intact: true, by_portal: true },
];
export const verifiedFinal: VerifyDocumentAnswer = { issued: true, agreement_guid: '7d3f2a0e-5b8c-4c1e-9f5a-2b6d8e0c4a11', final: true, sha256: '9b2e'.repeat(16), signatures };
export const verifiedEarlier: VerifyDocumentAnswer = { ...verifiedFinal, final: false, sha256: '1f0c'.repeat(16), signatures: signatures.slice(0, 1) };
export const verifiedChanged: VerifyDocumentAnswer = { issued: false, agreement_guid: null, final: false, sha256: '04aa'.repeat(16), signatures: [...signatures.slice(0, 2), { ...signatures[2], intact: false }] };
