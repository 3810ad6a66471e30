import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const AgreementList = lazyPage(() => import('./AgreementList'));

/**
 * The agreements resource, spread into `<Resource name="agreements" {...agreements} />`. The list
 * (with its Create dialog) lives here; the order form and its preview are the agreements
 * area's pages (src/agreements/), on the named routes `/agreements/{id}/edit` and `/preview`.
 */
const agreements = {
  list: AgreementList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default agreements;
