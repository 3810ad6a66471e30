import AddIcon from '@mui/icons-material/Add';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AutocompleteInput, Datagrid, ExportButton, FilterButton, FunctionField, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PROJECT_STATUSES, PROJECT_TYPES, RAG_STATUSES } from '../../../contract/projects';
import { hasPermission } from '../../auth/permissions';
import { formatDate } from '../../i18n/format';
import { ListEmpty } from '../../layout/ListEmpty';
import { PageHeading } from '../../layout/PageHeading';
import { useSession } from '../../session/useSession';
import { PercentBar } from '../../tracker/PercentBar';
import { RagChip } from '../../tracker/RagChip';
import { StatusChip } from '../../tracker/StatusChip';
import { trackerNewPath, trackerSummaryPath } from '../../tracker/paths';
import type { ProjectListItem } from '../../tracker/types';
import { projectExporter } from './projectExporter';

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

const managers = (r: ProjectListItem) => (
  <>
    {[r.project_manager?.name, r.account_manager?.name].filter(Boolean).map((name, i) => (
      <Box key={i} component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
    ))}
  </>
);

/**
 * `/tracker/all`: every project the viewer may see (server/projects/README.md), by launch date:
 * name, company, type, status, RAG (a dot and its word), percentage bar, managers, launch date
 * dd/mm/yyyy and the counts; filters by status, RAG, manager (searched), project type and a
 * search; sort; CSV export. A row opens the project's summary; on a phone the rows are cards.
 */
export default function ProjectList() {
  const { t } = useTranslation(['tracker', 'common']);
  const { user } = useSession();
  const create = hasPermission(user, 'create projects');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('list.search')} sx={{ width: { xs: '100%', sm: '18rem' } }} />,
    <SelectInput key="status" source="status" label={t('fields.status')} choices={PROJECT_STATUSES.map((id) => ({ id, name: t(`status.${id}`) }))} translateChoice={false} alwaysOn />,
    <SelectInput key="rag" source="rag" label={t('fields.rag')} choices={RAG_STATUSES.map((id) => ({ id, name: t(`rag.${id}`) }))} translateChoice={false} alwaysOn />,
    <ReferenceInput key="manager_id" source="manager_id" reference="users" filter={{ status: 'active' }}>
      <AutocompleteInput label={t('fields.manager')} optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <SelectInput key="project_type" source="project_type" label={t('fields.projectType')} choices={PROJECT_TYPES.map((id) => ({ id, name: t(`types.${id}`) }))} translateChoice={false} />,
  ];
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
        {phone ? (
          <SimpleList<ProjectListItem>
            primaryText={(r) => r.name}
            secondaryText={(r) => (
              <Stack component="span" spacing={0.5} sx={{ display: 'flex', mt: 0.5 }}>
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip status={r.status} />
                  <RagChip rag={r.rag} />
                </Box>
                <Box component="span">
                  <PercentBar value={r.complete_percentage} width="100%" />
                </Box>
              </Stack>
            )}
            tertiaryText={(r) => (r.launch_date ? formatDate(r.launch_date) : '')}
            linkType={(r) => trackerSummaryPath(r.id)}
          />
        ) : (
          <Datagrid rowClick={(id) => trackerSummaryPath(id)} bulkActionButtons={false} data-testid="projects-table">
            <TextField source="name" label={t('fields.name')} />
            <TextField source="company_name" label={t('fields.company')} />
            <FunctionField<ProjectListItem> source="project_type" label={t('fields.projectType')} render={(r) => t(`types.${r.project_type}`, { defaultValue: r.project_type })} />
            <FunctionField<ProjectListItem> source="status" label={t('fields.status')} render={(r) => <StatusChip status={r.status} />} />
            <FunctionField<ProjectListItem> source="rag" label={t('fields.rag')} render={(r) => <RagChip rag={r.rag} />} />
            <FunctionField<ProjectListItem> source="complete_percentage" label={t('fields.complete')} render={(r) => <PercentBar value={r.complete_percentage} width={100} />} />
            <FunctionField<ProjectListItem> label={t('fields.managers')} sortable={false} render={managers} />
            <FunctionField<ProjectListItem> source="launch_date" label={t('fields.launchDate')} render={(r) => formatDate(r.launch_date)} />
            <FunctionField<ProjectListItem>
              label={t('fields.counts')}
              sortable={false}
              render={(r) => (
                <Typography variant="body2" component="span" sx={{ display: 'block', minWidth: 120 }}>
                  {t('list.countsDone', { done: r.tasks_done, total: r.tasks_total, overdue: r.overdue_tasks })}
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {t('list.countsMore', { risks: r.counts.risks, variations: r.counts.variations })}
                  </Box>
                </Typography>
              )}
            />
          </Datagrid>
        )}
      </List>
    </>
  );
}
