import { Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton, CreateButton, Datagrid, defaultExporter, EmailField, ExportButton, FilterButton, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, TopToolbar, type Exporter, type RaRecord,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { defuseDeep } from '../data/csv';
import { formatDate } from '../i18n/format';
import { PageHeading } from '../layout/PageHeading';
import { STATUS_CHOICES } from './choices';
import { userProfilePath } from './paths';
import { useUserAbilities } from './useUserAbilities';
import { DeferredRows } from '../layout/DeferredRows';

type UserRow = RaRecord & { name: string; email: string; position: string | null; status: string; created_at: string };

/** react-admin's default CSV (its columns), with every text defused so no cell runs as a formula (src/data/csv.ts). */
const exporter: Exporter<UserRow> = (records, ...rest) => defaultExporter(records.map(defuseDeep), ...rest);

/**
 * `/users`: search by name or email, status filter, sort, pages, CSV export (react-admin's default
 * exporter's columns, formula cells defused), and bulk delete for those with 'create users' (never their own row).
 */
export default function UserList() {
  const { t } = useTranslation();
  const { manage, me } = useUserAbilities();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('usersAdmin.search')} />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  ];
  return (
    <>
      <PageHeading />
      <List
        resource="users"
        title={t('routes.users')}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        storeKey="users.list"
        exporter={exporter}
        actions={
          <TopToolbar>
            <FilterButton />
            {manage ? <CreateButton to="/users/create" /> : null}
            <ExportButton maxResults={1000} />
          </TopToolbar>
        }
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<UserRow> primaryText={(r) => r.name} secondaryText={(r) => r.email} linkType={(r) => userProfilePath(r.id)} />
          ) : (
            <Datagrid
              rowClick={(id) => userProfilePath(id)}
              bulkActionButtons={manage ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
              // Your own account cannot be deleted (the server refuses it too).
              isRowSelectable={(r) => r.id !== me}
              data-testid="users-table"
            >
              <TextField source="name" />
              <EmailField source="email" />
              <TextField source="position" emptyText="—" />
              <FunctionField<UserRow> source="status" render={(r) => <Chip size="small" variant="outlined" color={r.status === 'active' ? 'success' : 'default'} label={t(`usersAdmin.statuses.${r.status}`)} />} />
              <FunctionField<UserRow> source="created_at" render={(r) => formatDate(r.created_at)} />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
