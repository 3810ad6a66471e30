/**
 * The agreement signer of an app: DocuSign when the DOCUSIGN_* variables configure it (all of them;
 * some but not all stops the start, options.ts parseDocusignEnv), else the portal's own.
 */
import type { AppServices } from '../../plugins/services';
import { DocusignSigner } from './docusign';
import { LocalSigner } from './local';
import type { AgreementSigner } from './signer';

export type { AgreementSigner, EnvelopeRequest, EnvelopeSent } from './signer';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

// One signer per app's settings, so DocuSign's access token is reused across requests.
const signers = new WeakMap<object, AgreementSigner>();

/** The signer of `app` (a FastifyInstance or `servicesOf(app)`). */
export function signerFor(app: Deps): AgreementSigner {
  const key = app.config;
  let signer = signers.get(key);
  if (!signer) {
    signer = app.config.docusign ? new DocusignSigner(app.config.docusign, app.log) : new LocalSigner(app);
    signers.set(key, signer);
  }
  return signer;
}
