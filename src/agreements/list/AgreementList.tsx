import DescriptionIcon from '@mui/icons-material/Description';
import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, ExportButton, FilterButton, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_STAGES, AGREEMENT_TYPES } from '../../../contract/agreements';
import { formatDate, formatMoney } from '../../i18n/format';
import { ListEmpty } from '../../layout/ListEmpty';
import { PageHeading } from '../../layout/PageHeading';
import type { AgreementListItem } from '../api';
import { agreementEditPath, agreementPreviewPath } from '../../routing/paths/agreements';
import { AgreementStageChip } from '../../status/AgreementStageChip';
import { ExpiryChip } from '../ExpiryChip';
import { expiryDate, isExpired } from '../expiry';
import { agreementExporter } from './agreementExporter';
import { CreateAgreementButton } from './AgreementCreate';
import { ArchiveButton } from './ArchiveButton';
import { useAgreementAbilities } from './useAgreementAbilities';
import { DeferredRows } from '../../layout/DeferredRows';

function Toolbar({ edit }: { edit: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {edit ? <CreateAgreementButton /> : null}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

function Empty({ edit }: { edit: boolean }) {
  const { t } = useTranslation('agreementForm');
  return (
    <ListEmpty
      icon={DescriptionIcon}
      title={t('list.empty.title')}
      text={t(edit ? 'list.empty.create' : 'list.empty.wait')}
      action={edit ? <CreateAgreementButton variant="contained" /> : null}
      testId="agreements-empty"
    />
  );
}

/**
 * `/agreements`: the order forms, newest change first: search, stage filter (created, sent,
 * signed) and the archived ones on request, company, salesperson, values in the agreement's own
 * currency, CSV export, archive (asked first). A row opens the order form for staff with 'edit
 * agreements', the preview for everyone else; on a phone the rows are cards.
 */
export default function AgreementList() {
  const { t, i18n } = useTranslation(['agreementForm', 'common']);
  const { edit } = useAgreementAbilities();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const open = (id: RaRecord['id']) => (edit ? agreementEditPath(id) : agreementPreviewPath(id));
  const money = (r: AgreementListItem, amount: number) => formatMoney(amount, r.currency, i18n.language);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('list.search')} sx={{ width: { xs: '100%', sm: '20rem' } }} />,
    <SelectInput key="stage" source="stage" label={t('list.columns.stage')} choices={AGREEMENT_STAGES.map((id) => ({ id, name: t(`stages.${id}`) }))} translateChoice={false} alwaysOn />,
    <SelectInput
      key="archived"
      source="archived"
      label={t('list.archivedFilter')}
      choices={[
        { id: 'false', name: t('list.archivedNo') },
        { id: 'true', name: t('list.archivedYes') },
      ]}
      translateChoice={false}
      parse={(v: string) => (v === '' ? undefined : v === 'true')}
      format={(v: boolean | undefined) => (v === undefined || v === null ? '' : String(v))}
    />,
  ];
  return (
    <>
      <PageHeading />
      <List
        resource="agreements"
        title={t('common:routes.agreements')}
        filters={filters}
        sort={{ field: 'updated_at', order: 'DESC' }}
        perPage={25}
        actions={<Toolbar edit={edit} />}
        exporter={agreementExporter}
        empty={<Empty edit={edit} />}
        storeKey="agreements.list"
        queryOptions={{ meta: { cache: false } }}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<AgreementListItem>
              primaryText={(r) => `${r.name} · ${r.reference}`}
              secondaryText={(r) =>
                `${r.company_name} · ${t(`stages.${r.stage}`)}${r.archived ? ` · ${t('stages.archived')}` : ''}${
                  r.stage === 'sent' && r.expires_at ? ` · ${isExpired(r) ? t('stages.expired') : t('banner.expires', { date: expiryDate(r.expires_at) })}` : ''
                }`
              }
              tertiaryText={(r) => t('list.monthlyShort', { amount: money(r, r.monthly_contract_value) })}
              linkType={(r) => open(r.id)}
            />
          ) : (
            <Datagrid rowClick={(id) => open(id)} bulkActionButtons={false} data-testid="agreements-table">
              <TextField source="company_name" label={t('list.columns.company')} />
              <TextField source="reference" sortBy="id" label={t('list.columns.reference')} />
              <TextField source="name" label={t('list.columns.name')} />
              <FunctionField<AgreementListItem> source="type" label={t('list.columns.type')} render={(r) => (AGREEMENT_TYPES.includes(r.type) ? t(`types.${r.type}`) : r.type)} />
              <FunctionField<AgreementListItem> source="stage" label={t('list.columns.stage')} render={(r) => <AgreementStageChip stage={r.stage} archived={r.archived} />} />
              <FunctionField<AgreementListItem> source="expires_at" label={t('list.columns.expires')} render={(r) => <ExpiryChip agreement={r} />} sortable={false} />
              <FunctionField<AgreementListItem> source="user_id" label={t('list.columns.salesperson')} render={(r) => r.salesperson?.name ?? ''} sortable={false} />
              <FunctionField<AgreementListItem> source="contract_value" label={t('list.columns.contractValue')} textAlign="right" render={(r) => money(r, r.contract_value)} />
              <FunctionField<AgreementListItem> source="monthly_contract_value" label={t('list.columns.monthlyValue')} textAlign="right" render={(r) => money(r, r.monthly_contract_value)} />
              <FunctionField<AgreementListItem> source="updated_at" label={t('list.columns.updated')} render={(r) => formatDate(r.updated_at)} />
              {edit ? <FunctionField<AgreementListItem> label={t('list.columns.actions')} render={(r) => <ArchiveButton record={r} />} sortable={false} /> : null}
            </Datagrid>
          )}
        </DeferredRows>
      </List>
    </>
  );
}
