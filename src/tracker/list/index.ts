import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const ProjectList = lazyPage(() => import('./ProjectList'));

/**
 * The tracker's projects, spread into `<Resource name="projects" {...projects} />`. The list is
 * `/tracker/all`; a project's pages (summary, profile with its board) are the tracker area's
 * (src/tracker/), on the named routes `/tracker/{id}/summary` and `/tracker/{id}/profile`.
 */
const projects = {
  list: ProjectList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default projects;
