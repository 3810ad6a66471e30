import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FRESH, answered } from '../data/queryPolicies';
import { companyAgreementChoices, companyConfigs } from './api';
import { trackerKeys } from './queryKeys';

export interface ConfigAgreementSelectsProps {
  companyId: number | null;
  configId: number | '';
  agreementId: number | '';
  onConfig(id: number | ''): void;
  onAgreement(id: number | ''): void;
}

/** The project's config and agreement, chosen among its company's (GET /companies/{id}/configs and /agreements). */
export function ConfigAgreementSelects({ companyId, configId, agreementId, onConfig, onAgreement }: ConfigAgreementSelectsProps) {
  const { t } = useTranslation('tracker');
  const enabled = companyId !== null;
  const configs = useQuery({ queryKey: trackerKeys.companyConfigs(companyId ?? 0), queryFn: async ({ signal }) => answered(await companyConfigs(companyId!, signal)), enabled, ...FRESH });
  const agreements = useQuery({ queryKey: trackerKeys.companyAgreements(companyId ?? 0), queryFn: async ({ signal }) => answered(await companyAgreementChoices(companyId!, signal)), enabled, ...FRESH });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField select fullWidth label={t('fields.config')} value={configs.data ? configId : ''} onChange={(e) => onConfig(e.target.value === '' ? '' : Number(e.target.value))} disabled={!enabled} data-testid="project-config" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} helperText={enabled && configs.data?.length === 0 ? t('create.noConfigs') : undefined}>
        <MenuItem value="">{t('summary.none')}</MenuItem>
        {(configs.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select fullWidth label={t('fields.agreement')} value={agreements.data ? agreementId : ''} onChange={(e) => onAgreement(e.target.value === '' ? '' : Number(e.target.value))} disabled={!enabled} data-testid="project-agreement" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} helperText={enabled && agreements.data?.length === 0 ? t('create.noAgreements') : undefined}>
        <MenuItem value="">{t('summary.none')}</MenuItem>
        {(agreements.data ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
