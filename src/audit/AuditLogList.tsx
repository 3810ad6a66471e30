import { Box, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateInput, downloadCSV, ExportButton, FilterButton, FunctionField, List, SearchInput, SelectInput, SimpleList, TextInput, TopToolbar, type Exporter } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AUDIT_KINDS, type AuditEntry } from '../../contract/audit';
import { toCsv } from '../data/csv';
import { formatDateTime } from '../i18n/format';
import { DeferredRows } from '../layout/DeferredRows';
import { PageHeading } from '../layout/PageHeading';
import { ChangesList, partLabel } from './ChangesList';
import { recordPath } from './recordPaths';

type Row = AuditEntry & { id: number };

/** The CSV of the entries as listed: one line each, the changes as their JSON (src/data/csv.ts defuses formula cells). */
const exporter: Exporter<Row> = (records) => {
  const rows = records.map((e) => ({
    at: e.at,
    person: e.actor_name ?? '',
    email: e.actor_email ?? '',
    address: e.ip ?? '',
    kind: e.kind,
    record: e.record_id,
    part: e.part ?? '',
    action: e.action,
    changes: JSON.stringify(e.changes),
  }));
  downloadCSV(toCsv(rows, ['at', 'person', 'email', 'address', 'kind', 'record', 'part', 'action', 'changes']), 'audit-log');
};

/**
 * `/audit-log` (issue 58): every change made through the portal, newest first, for 'view audit log':
 * who (name, email, address), when, which record (linked to its screen), what was done and the fields
 * before and after (a password only as "changed"). Filters: the person (part of a name or email),
 * the kind of record, a record, a date range; CSV export of what the filters keep.
 */
export default function AuditLogList() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const kinds = AUDIT_KINDS.map((kind) => ({ id: kind, name: t(`auditLog.kinds.${kind}`) }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('auditLog.person')} />,
    <SelectInput key="kind" source="kind" choices={kinds} alwaysOn label={t('auditLog.kind')} />,
    <TextInput key="record_id" source="record_id" label={t('auditLog.record')} />,
    <DateInput key="from" source="from" label={t('auditLog.from')} />,
    <DateInput key="to" source="to" label={t('auditLog.to')} />,
  ];
  const what = (e: Row) => `${t(`auditLog.kinds.${e.kind}`)} ${e.record_id}${e.part ? ` · ${partLabel(t, e.part)}` : ''}`;
  const record = (e: Row) => {
    const path = recordPath(e);
    return path ? (
      <Link component={RouterLink} to={path} onClick={(event: React.MouseEvent) => event.stopPropagation()}>
        {what(e)}
      </Link>
    ) : (
      what(e)
    );
  };
  const who = (e: Row) => (e.actor_name ? `${e.actor_name} (${e.actor_email ?? ''})` : t('auditLog.nobody'));
  return (
    <>
      <PageHeading />
      <List
        resource="audit-log"
        title={t('routes.auditLog')}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        storeKey="audit-log.list"
        exporter={exporter}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportButton maxResults={1000} />
          </TopToolbar>
        }
        empty={false}
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<Row>
              primaryText={(e) => t('auditLog.summary', { action: t(`auditLog.actions.${e.action}`), what: what(e) })}
              secondaryText={(e) => `${formatDateTime(e.at, i18n.language)} · ${who(e)}`}
              tertiaryText={(e) => e.ip ?? ''}
              linkType={false}
            />
          ) : (
            <Datagrid bulkActionButtons={false} rowClick={false} data-testid="audit-table">
              <FunctionField<Row> source="at" label={t('auditLog.at')} sortable={false} render={(e) => formatDateTime(e.at, i18n.language)} />
              <FunctionField<Row>
                source="actor_name"
                label={t('auditLog.who')}
                sortable={false}
                render={(e) => (
                  <Stack>
                    <span>{e.actor_name ?? t('auditLog.nobody')}</span>
                    <Typography variant="caption" color="text.secondary">
                      {[e.actor_email, e.ip].filter(Boolean).join(' · ')}
                    </Typography>
                  </Stack>
                )}
              />
              <FunctionField<Row> source="record_id" label={t('auditLog.record')} sortable={false} render={record} />
              <FunctionField<Row> source="action" label={t('auditLog.action')} sortable={false} render={(e) => t(`auditLog.actions.${e.action}`)} />
              <FunctionField<Row>
                source="changes"
                label={t('auditLog.changes')}
                sortable={false}
                render={(e) => (
                  <Box sx={{ maxWidth: 560 }}>
                    <ChangesList changes={e.changes} />
                  </Box>
                )}
              />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
