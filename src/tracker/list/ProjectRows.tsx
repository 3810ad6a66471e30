import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, SimpleList, TextField } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import { formatDate } from '../../i18n/format';
import { PercentBar } from '../../status/PercentBar';
import { RagChip } from '../../status/RagChip';
import { StatusChip } from '../../status/StatusChip';
import { trackerSummaryPath } from '../../routing/paths/tracker';
import type { ProjectListItem } from '../types';
import { PhoneSort } from './PhoneSort';
import { DeferredRows } from '../../layout/DeferredRows';

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
 * The rows of a projects list (react-admin `List` child), shared by `/tracker/all`
 * (`tracker/list/ProjectList.tsx`) and the projects views (`/projects/filter/{name}`, ...): name, company,
 * type, status, RAG, percentage bar, managers, launch date dd/mm/yyyy and the counts; on a phone,
 * cards under a sort select (PhoneSort). `link`: a row opens the project's summary (for 'edit projects', which that page needs);
 * otherwise the rows are plain text.
 */
export function ProjectRows({ link }: { link: boolean }) {
  const { t } = useTranslation(['tracker', 'common']);
  const words = useDataWords();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (phone) {
    return (
      <>
        <PhoneSort />
        <DeferredRows>
          <SimpleList<ProjectListItem>
            primaryText={(r) => words.project(r.name, r.company_name)}
            secondaryText={(r) => (
              <Stack component="span" spacing={0.5} sx={{ display: 'flex', mt: 0.5 }}>
                <Box component="span">{r.company_name}</Box>
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
            linkType={link ? (r) => trackerSummaryPath(r.id) : false}
            data-testid="projects-cards"
          />
        </DeferredRows>
      </>
    );
  }
  return (
    <DeferredRows>
      <Datagrid rowClick={link ? (id) => trackerSummaryPath(id) : false} bulkActionButtons={false} data-testid="projects-table">
        {/* Sorted by the stored name, as the server sorts. */}
        <FunctionField<ProjectListItem> source="name" label={t('fields.name')} render={(r) => words.project(r.name, r.company_name)} />
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
    </DeferredRows>
  );
}
