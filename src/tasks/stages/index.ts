import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

const StageList = lazyPage(() => import('./StageList'));

/** The task stages resource (`tasks/stages` on the API), shown at `/tasks/stages` (routing/routeElements.tsx). */
const taskStages = {
  list: StageList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default taskStages;
