import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton, CreateButton, Datagrid, DeleteButton, FilterButton, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, TopToolbar, useNotify,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { PageHeading } from '../../layout/PageHeading';
import type { Post } from '../api';
import { TermChips } from '../parts';
import { CREATE_PATH, editPath } from './paths';
import { POST_STATUSES, StatusChip } from './StatusChip';
import { useShowcaseAbilities } from './useShowcaseAbilities';
import { ListEmpty } from '../../layout/ListEmpty';
import { DeferredRows } from '../../layout/DeferredRows';

type PostRow = Post;

function Empty() {
  const { t } = useTranslation();
  const { create } = useShowcaseAbilities();
  return (
    <ListEmpty
      icon={StorefrontIcon}
      title={t('showcasesAdmin.empty.title')}
      text={t(create ? 'showcasesAdmin.empty.create' : 'showcasesAdmin.empty.wait')}
      action={create ? <CreateButton resource="posts" to={CREATE_PATH} variant="contained" /> : null}
      testId="showcases-admin-empty"
    />
  );
}

/** The catalogue's words after a delete (spec section 8), instead of react-admin's "Element deleted". */
function useDeletedGrowl() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  return { onSuccess: () => notify(t('errors:posts.deleted'), { type: 'success' }) };
}

/**
 * `/backend/showcases` ('edit posts'): every post, drafts too, by title: status chip, region and make
 * terms, published and updated dates; search (title, excerpt, content), status filter, sort, pages;
 * a row opens the edit page; delete per row or in bulk, each confirmed first.
 */
export default function ShowcaseList() {
  const { t } = useTranslation();
  const { create } = useShowcaseAbilities();
  const deleted = useDeletedGrowl();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('showcasesAdmin.search')} />,
    <SelectInput key="post_status" source="post_status" choices={POST_STATUSES.map((id) => ({ id, name: `showcasesAdmin.statuses.${id}` }))} />,
  ];
  return (
    <>
      <PageHeading />
      <List
        resource="posts"
        title={t('routes.showcasesAdmin')}
        filters={filters}
        sort={{ field: 'post_title', order: 'ASC' }}
        perPage={25}
        storeKey="posts.list"
        queryOptions={{ meta: { cache: false } }}
        empty={<Empty />}
        exporter={false}
        actions={
          <TopToolbar>
            <FilterButton />
            {create ? <CreateButton to={CREATE_PATH} /> : null}
          </TopToolbar>
        }
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<PostRow>
              primaryText={(r) => r.post_title}
              secondaryText={(r) => (
                <Stack direction="row" spacing={1} alignItems="center" component="span">
                  <StatusChip status={r.post_status} />
                  <span>{formatDate(r.published_at ?? r.updated_at)}</span>
                </Stack>
              )}
              linkType={(r) => editPath(r.id)}
            />
          ) : (
            <Datagrid rowClick={(id) => editPath(id)} bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" mutationOptions={deleted} />} data-testid="showcases-table">
              <TextField source="post_title" />
              <FunctionField<PostRow> source="post_status" render={(r) => <StatusChip status={r.post_status} />} />
              <FunctionField<PostRow> source="taxonomies" sortable={false} render={(r) => <TermChips terms={r.taxonomies} />} />
              <FunctionField<PostRow> source="published_at" render={(r) => (r.published_at ? formatDate(r.published_at) : '—')} />
              <FunctionField<PostRow> source="updated_at" render={(r) => formatDate(r.updated_at)} />
              <DeleteButton mutationMode="pessimistic" redirect={false} mutationOptions={deleted} />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
