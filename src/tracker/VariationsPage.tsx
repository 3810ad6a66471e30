import { useMediaQuery, type Theme } from '@mui/material';
import { AutocompleteInput, Datagrid, FunctionField, List, ReferenceInput, SelectInput, SimpleList, TextField as RaTextField } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { VARIATION_TYPES } from '../../contract/projects';
import { VARIATION_STATUSES } from '../../contract/tracker';
import { useDataWords } from '../i18n/dataWords';
import { formatDate, formatMoney } from '../i18n/format';
import { PageHeading } from '../layout/PageHeading';
import { trackerProfilePath } from '../routing/paths/tracker';
import type { ProjectListItem, Variation } from './types';
import { VariationStatusChip } from './VariationStatusChip';
import { DeferredRows } from '../layout/DeferredRows';

/**
 * `/tracker/variations` ('view project variations'): every project's variations, newest first,
 * filtered by status, type and project; money in each project's currency. A row opens the
 * project's Variations tab.
 */
export default function VariationsPage() {
  const { t, i18n } = useTranslation('tracker');
  const words = useDataWords();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const money = (v: Variation, value: number) => formatMoney(value, v.currency, i18n.language);
  const filters = [
    <SelectInput key="status" source="status" label={t('fields.status')} choices={VARIATION_STATUSES.map((id) => ({ id, name: t(`variationStatus.${id}`) }))} translateChoice={false} alwaysOn />,
    <SelectInput key="type" source="type" label={t('fields.variationType')} choices={VARIATION_TYPES.map((id) => ({ id, name: t(`variationTypes.${id}`) }))} translateChoice={false} alwaysOn />,
    <ReferenceInput key="project_id" source="project_id" reference="projects" alwaysOn>
      <AutocompleteInput label={t('fields.project')} optionText={(p: ProjectListItem) => words.project(p.name, p.company_name)} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
    </ReferenceInput>,
  ];
  const open = (v: Variation) => trackerProfilePath(v.project.id, 'variations');
  return (
    <>
      <PageHeading />
      <List resource="variations" title={t('common:routes.trackerVariations')} filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false} storeKey="tracker.variations" queryOptions={{ meta: { cache: false } }} sx={{ '& .RaList-content': { overflowX: 'auto' } }}>
        <DeferredRows>
          {phone ? (
            <SimpleList<Variation>
              primaryText={(v) => v.title}
              secondaryText={(v) => `${words.project(v.project.name, v.project.company_name)} · ${t(`variationStatus.${v.status}`)}`}
              tertiaryText={(v) => t('variation.focShort', { amount: money(v, v.foc_cost) })}
              linkType={(v) => open(v as unknown as Variation)}
            />
          ) : (
            <Datagrid rowClick={(_id, _r, v) => open(v as unknown as Variation)} bulkActionButtons={false} data-testid="variations-list">
              <RaTextField source="title" label={t('fields.title')} />
              <FunctionField<Variation> source="project_id" label={t('fields.project')} sortable={false} render={(v) => `${words.project(v.project.name, v.project.company_name)} (${v.project.company_name})`} />
              <FunctionField<Variation> source="type" label={t('fields.variationType')} render={(v) => t(`variationTypes.${v.type}`)} />
              <FunctionField<Variation> source="status" label={t('fields.status')} render={(v) => <VariationStatusChip status={v.status} />} />
              <FunctionField<Variation> source="total_effort" label={t('fields.effort')} textAlign="right" render={(v) => t('hours', { count: v.total_effort })} />
              <FunctionField<Variation> source="cost_impact" label={t('fields.costImpact')} textAlign="right" render={(v) => money(v, v.cost_impact)} />
              <FunctionField<Variation> source="foc_cost" label={t('fields.focCost')} textAlign="right" render={(v) => money(v, v.foc_cost)} />
              <FunctionField<Variation> source="raised_by" label={t('fields.raisedBy')} sortable={false} render={(v) => v.raised_by?.name ?? ''} />
              <FunctionField<Variation> source="created_at" label={t('fields.raisedOn')} render={(v) => formatDate(v.created_at)} />
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
