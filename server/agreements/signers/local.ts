/**
 * The default signer: the dealer signs in the portal (the agreement's preview page), where the
 * server seals the signed PDF with its own certificate (agreements.signing.ts). Sending is only
 * telling the recipient, by a mail through the outbox in the agreement's language, that an order
 * form waits for their signature, with the link to it; unless the recipient, a portal user, chose
 * not to hear of it by mail (`request.mail` false: the bell tells them, agreements.notify.ts).
 */
import { toLocale } from '../../../engine';
import type { AppServices } from '../../plugins/services';
import { checkAddress, signRequestMail } from '../agreements.mail';
import type { AgreementSigner, EnvelopeRequest, EnvelopeSent } from './signer';

type Deps = Pick<AppServices, 'db' | 'mail'>;

export class LocalSigner implements AgreementSigner {
  readonly provider = 'local' as const;

  constructor(private readonly deps: Deps) {}

  async send(request: EnvelopeRequest): Promise<EnvelopeSent> {
    const to = checkAddress(request.recipient.email, 'recipient');
    if (request.mail === false) return { provider: 'local', externalId: null, status: 'sent' };
    const mail = signRequestMail(toLocale(request.lang), request.recipient.name, request.signUrl, request.documentFilename);
    await this.deps.mail.enqueue(this.deps.db, { to, ...mail });
    return { provider: 'local', externalId: null, status: 'sent' };
  }
}
