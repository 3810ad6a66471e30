import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

const TaskList = lazyPage(() => import('./TaskList'));

/** The task templates resource (`tasks` on the API), shown at `/tasks` (routing/routeElements.tsx). */
const tasks = {
  list: TaskList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default tasks;
