import AddIcon from '@mui/icons-material/Add';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Button } from '@mui/material';
import { ExportButton, FilterButton, List, TopToolbar } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasPermission } from '../../auth/permissions';
import { ListEmpty } from '../../layout/ListEmpty';
import { PageHeading } from '../../layout/PageHeading';
import { useSession } from '../../session/useSession';
import { ProjectRows } from './ProjectRows';
import { projectExporter } from './projectExporter';
import { projectFilters } from './projectFilters';
import { trackerNewPath } from '../../routing/paths/tracker';

function NewButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const { t } = useTranslation('tracker');
  return (
    <Button component={RouterLink} to={trackerNewPath} startIcon={<AddIcon />} variant={variant} data-testid="project-new">
      {t('list.new')}
    </Button>
  );
}

function Toolbar({ create }: { create: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {create ? <NewButton /> : null}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/**
 * `/tracker/all`: every project the viewer may see (server/projects/README.md), by launch date:
 * name, company, type, status, RAG (a dot and its word), percentage bar, managers, launch date
 * dd/mm/yyyy and the counts; filters by status, RAG, manager (searched), project type and a
 * search; sort; CSV export. A row opens the project's summary; on a phone the rows are cards. The
 * rows, filters and exporter are the projects lists' (this folder), shared with the views (tracker/views/).
 */
export default function ProjectList() {
  const { t } = useTranslation(['tracker', 'common']);
  const { user } = useSession();
  const create = hasPermission(user, 'create projects');
  const filters = projectFilters(t);
  return (
    <>
      <PageHeading />
      <List
        resource="projects"
        title={t('common:routes.trackerAll')}
        filters={filters}
        sort={{ field: 'launch_date', order: 'ASC' }}
        perPage={25}
        actions={<Toolbar create={create} />}
        exporter={projectExporter}
        empty={<ListEmpty icon={TimelineIcon} title={t('list.empty.title')} text={t(create ? 'list.empty.create' : 'list.empty.wait')} action={create ? <NewButton variant="contained" /> : null} testId="projects-empty" />}
        storeKey="tracker.projects"
        queryOptions={{ meta: { cache: false } }}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      >
        <ProjectRows link />
      </List>
    </>
  );
}
