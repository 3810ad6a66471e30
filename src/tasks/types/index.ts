import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

const TypeList = lazyPage(() => import('./TypeList'));

/** The task types resource (`tasks/types` on the API), shown at `/tasks/types` (routing/routeElements.tsx). */
const taskTypes = {
  list: TypeList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default taskTypes;
