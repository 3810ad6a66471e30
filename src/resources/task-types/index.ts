import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

const TypeList = lazy(() => import('./TypeList'));

/** The task types resource (`tasks/types` on the API), shown at `/tasks/types` (routing/routeElements.tsx). */
const taskTypes = {
  list: TypeList,
  icon: CategoryIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default taskTypes;
