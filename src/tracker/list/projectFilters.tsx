import { AutocompleteInput, ReferenceInput, SearchInput, SelectArrayInput, SelectInput } from 'react-admin';
import type { TFunction } from 'i18next';
import { PROJECT_STATUSES, PROJECT_TYPES, RAG_STATUSES } from '../../../contract/projects';

/**
 * The filters of a projects list (`/tracker/all` and the projects views), each kept in the
 * address by react-admin: a search (project or company name), status (one or several: the
 * dashboard's RAG cards open "open projects", three statuses), RAG, manager (project or account
 * manager, searched among active users) and project type. `t` is the tracker namespace's.
 */
export function projectFilters(t: TFunction) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('list.search')} sx={{ width: { xs: '100%', sm: '18rem' } }} />,
    <SelectArrayInput key="status" source="status" label={t('fields.status')} choices={PROJECT_STATUSES.map((id) => ({ id, name: t(`status.${id}`) }))} translateChoice={false} alwaysOn sx={{ minWidth: 180 }} />,
    <SelectInput key="rag" source="rag" label={t('fields.rag')} choices={RAG_STATUSES.map((id) => ({ id, name: t(`rag.${id}`) }))} translateChoice={false} alwaysOn />,
    <ReferenceInput key="manager_id" source="manager_id" reference="users" filter={{ status: 'active' }}>
      <AutocompleteInput label={t('fields.manager')} optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <SelectInput key="project_type" source="project_type" label={t('fields.projectType')} choices={PROJECT_TYPES.map((id) => ({ id, name: t(`types.${id}`) }))} translateChoice={false} />,
  ];
}
