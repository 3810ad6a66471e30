/**
 * Issue 57: a sending's signers as DocuSign routes them. DocuSign signs recipients of one
 * routingOrder together and the next number after them: sequential, 1, 2, 3... by position;
 * parallel, every dealer signer 1; the countersigner always after the dealer signers. Each goes with
 * its agreement_signers id as recipientId, which is how the webhook (agreements.docusign-webhook.ts)
 * finds the row DocuSign reports on, with no column of its own.
 */
import type { AgreementRouting } from '../../../contract/agreements';
import type { RoutedSigner } from './signer';

interface SignerLike {
  id: number;
  name: string;
  email: string | null;
  role: 'signer' | 'countersigner';
  position: number;
}

/** The envelope's signers, in order; `fallbackEmail` addresses a row without one (the open slot's recipient). */
export function routedSigners(rows: SignerLike[], routing: AgreementRouting, fallbackEmail: string): RoutedSigner[] {
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  const dealers = ordered.filter((r) => r.role === 'signer');
  const counter = ordered.filter((r) => r.role === 'countersigner');
  const dealerOrder = (i: number) => (routing === 'parallel' ? 1 : i + 1);
  const afterDealers = routing === 'parallel' ? 2 : dealers.length + 1;
  return [
    ...dealers.map((r, i) => ({ id: r.id, name: r.name, email: r.email ?? fallbackEmail, routingOrder: dealerOrder(i) })),
    ...counter.map((r, i) => ({ id: r.id, name: r.name, email: r.email ?? fallbackEmail, routingOrder: afterDealers + i })),
  ];
}
