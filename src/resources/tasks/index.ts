import ChecklistIcon from '@mui/icons-material/Checklist';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

const TaskList = lazy(() => import('./TaskList'));

/** The task templates resource (`tasks` on the API), shown at `/tasks` (routing/routeElements.tsx). */
const tasks = {
  list: TaskList,
  icon: ChecklistIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default tasks;
