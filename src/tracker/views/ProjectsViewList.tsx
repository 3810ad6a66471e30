import { Typography } from '@mui/material';
import { ExportButton, FilterButton, List, TopToolbar } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../auth/permissions';
import { useSession } from '../../session/useSession';
import type { ProjectView } from './api';
import { ProjectRows } from '../list/ProjectRows';
import { projectExporter } from '../list/projectExporter';
import { projectFilters } from '../list/projectFilters';

function Toolbar() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/**
 * A projects list of `GET /projects` held to a named view (`filter.view`, none: every project),
 * with the same rows, filters (search, status, RAG, manager, type) and CSV export as `/tracker/all`;
 * the filters, sort and page are kept in the address (react-admin's query), so a dashboard card's
 * link, a bookmark or a reload opens the same list. Each view keeps its own last filter
 * (`storeKey`). Rows open the project's summary for 'edit projects' (that page's permission);
 * for everyone else they are plain text.
 */
export function ProjectsViewList({ view, title }: { view: ProjectView | null; title: string }) {
  const { t } = useTranslation('projects');
  const { user } = useSession();
  const link = hasPermission(user, 'edit projects');
  const tracker = useTranslation('tracker').t;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom data-testid="page-title">
        {title}
      </Typography>
      {view ? (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="view-description">
          {t(`views.${view}.description`)}
        </Typography>
      ) : null}
      <List
        resource="projects"
        title={title}
        filter={view ? { view } : undefined}
        filters={projectFilters(tracker)}
        sort={{ field: 'launch_date', order: 'ASC' }}
        perPage={25}
        actions={<Toolbar />}
        exporter={projectExporter}
        // Never the empty page: a filter that finds nothing keeps its filters on screen.
        empty={false}
        storeKey={`projects.view.${view ?? 'all'}`}
        queryOptions={{ meta: { cache: false } }}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
        data-testid="projects-view-list"
      >
        <ProjectRows link={link} />
      </List>
    </>
  );
}
