import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { FormSection, WIDE } from '../forms/FormSection';
import { MediaPickerDialog } from '../forms/MediaPickerDialog';
import type { AgreementAddress, CompanyDetails } from '../../engine/agreements';
import { logoSrc } from './logo';

type TextKey = Exclude<keyof CompanyDetails, 'address' | 'reg_address' | 'franchises' | 'logo_path'>;
const TEXT_FIELDS: readonly TextKey[] = ['name', 'reg_number', 'vat_number', 'fsa_number', 'ico_number', 'website_address', 'contact_name', 'contact_position', 'contact_number', 'contact_email'];
const ADDRESS_FIELDS: readonly (keyof AgreementAddress)[] = ['line1', 'line2', 'line3', 'postcode'];

type MediaRow = RaRecord & { id: number; guid: string; filename: string; thumbnail_url?: string | null };

export interface CompanyDetailsFormProps {
  details: CompanyDetails;
  companyId: number;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange(update: (current: CompanyDetails) => CompanyDetails): void;
}

/** A list typed as "Leeds, York" (the order form lists a franchise's locations by name). */
const listOf = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The dealer as the order form names it (spec section 3, company_details): prefilled by the server
 * from the company and its config, editable here: the company's numbers, contact, both addresses,
 * the franchises with their sales and aftersales locations, and the logo from the media library.
 */
export function CompanyDetailsForm({ details, companyId, readOnly, errors, onChange }: CompanyDetailsFormProps) {
  const { t } = useTranslation(['agreementForm', 'agreements', 'common']);
  const [picking, setPicking] = useState(false);
  // A logo whose file is gone shows as "no logo" rather than a broken picture.
  const [brokenLogo, setBrokenLogo] = useState(false);
  const err = (path: string) => errors[`company_details.${path}`];
  const text = (key: TextKey) => (
    <TextField
      key={key}
      label={t(`agreementForm:details.${key}`)}
      value={details[key] ?? ''}
      disabled={readOnly}
      onChange={(e) => onChange((d) => ({ ...d, [key]: e.target.value || null }))}
      error={Boolean(err(key))}
      helperText={err(key) ?? ' '}
      type={key === 'contact_email' ? 'email' : 'text'}
      slotProps={{ htmlInput: { 'data-testid': `details-${key}` } }}
      size="small"
    />
  );
  const address = (which: 'address' | 'reg_address') => (
    <Box sx={WIDE} key={which}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t(`agreements:pdf.${which === 'address' ? 'address' : 'regAddress'}`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {ADDRESS_FIELDS.map((field) => (
          <TextField
            key={field}
            size="small"
            label={t(`agreementForm:details.${field}`)}
            value={details[which][field] ?? ''}
            disabled={readOnly}
            onChange={(e) => onChange((d) => ({ ...d, [which]: { ...d[which], [field]: e.target.value || null } }))}
            error={Boolean(err(`${which}.${field}`))}
            helperText={err(`${which}.${field}`) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': `details-${which}-${field}` } }}
          />
        ))}
      </Box>
    </Box>
  );
  const setFranchise = (i: number, change: (f: CompanyDetails['franchises'][number]) => CompanyDetails['franchises'][number]) =>
    onChange((d) => ({ ...d, franchises: d.franchises.map((f, j) => (j === i ? change(f) : f)) }));
  return (
    <FormSection title={t('agreementForm:details.title')}>
      <Box sx={{ ...WIDE, display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box sx={{ width: 96, height: 56, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover' }}>
          {logoSrc(details.logo_path) && !brokenLogo ? (
            <Box component="img" src={logoSrc(details.logo_path)!} alt={t('common:companiesAdmin.logo.alt', { name: details.name ?? '' })} onError={() => setBrokenLogo(true)} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('common:companiesAdmin.logo.none')}
            </Typography>
          )}
        </Box>
        {!readOnly && (
          <Stack direction="row" spacing={1}>
            <Button startIcon={<PermMediaIcon />} onClick={() => setPicking(true)} data-testid="details-logo-choose">
              {t('common:companiesAdmin.logo.choose')}
            </Button>
            {details.logo_path && <Button onClick={() => onChange((d) => ({ ...d, logo_path: null }))}>{t('common:companiesAdmin.logo.remove')}</Button>}
          </Stack>
        )}
        {err('logo_path') && (
          <Typography color="error" variant="body2">
            {err('logo_path')}
          </Typography>
        )}
      </Box>
      {TEXT_FIELDS.map(text)}
      {address('address')}
      {address('reg_address')}
      <Box sx={WIDE}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('agreements:pdf.franchises')}
        </Typography>
        {details.franchises.map((franchise, i) => (
          <Box key={i} data-testid="details-franchise" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1.5fr 1.5fr auto' }, alignItems: 'start', mb: 1 }}>
            <TextField size="small" label={t('agreementForm:details.franchiseName')} value={franchise.name} disabled={readOnly} onChange={(e) => setFranchise(i, (f) => ({ ...f, name: e.target.value }))} />
            <ListField label={t('agreementForm:details.salesLocations')} value={franchise.locations.sales} disabled={readOnly} onChange={(sales) => setFranchise(i, (f) => ({ ...f, locations: { ...f.locations, sales } }))} />
            <ListField label={t('agreementForm:details.aftersalesLocations')} value={franchise.locations.aftersales} disabled={readOnly} onChange={(aftersales) => setFranchise(i, (f) => ({ ...f, locations: { ...f.locations, aftersales } }))} />
            {!readOnly && (
              <IconButton aria-label={t('agreementForm:details.removeFranchise', { name: franchise.name || i + 1 })} onClick={() => onChange((d) => ({ ...d, franchises: d.franchises.filter((_, j) => j !== i) }))}>
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        ))}
        {!readOnly && (
          <Button startIcon={<AddIcon />} onClick={() => onChange((d) => ({ ...d, franchises: [...d.franchises, { name: '', locations: { sales: [], aftersales: [] } }] }))}>
            {t('agreementForm:details.addFranchise')}
          </Button>
        )}
      </Box>
      <MediaPickerDialog<MediaRow>
        open={picking}
        title={t('common:companiesAdmin.logo.pickTitle')}
        filter={{ mime: 'image', usable_by: companyId }}
        texts="companiesAdmin.logo"
        testId="agreement-logo-picker"
        choiceTestId="agreement-logo-choice"
        selected={(file) => file.guid === details.logo_path}
        onClose={() => setPicking(false)}
        onDone={([file]) => {
          if (file) {
            setBrokenLogo(false);
            onChange((d) => ({ ...d, logo_path: file.guid }));
          }
          setPicking(false);
        }}
      />
    </FormSection>
  );
}

/** Locations typed comma-separated; kept as typed while the field has the focus, a list once it leaves it. */
function ListField({ label, value, disabled, onChange }: { label: string; value: string[]; disabled: boolean; onChange(next: string[]): void }) {
  const { t } = useTranslation('agreementForm');
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      size="small"
      label={label}
      value={draft ?? value.join(', ')}
      disabled={disabled}
      helperText={t('details.commaSeparated')}
      onFocus={() => setDraft(value.join(', '))}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(listOf(e.target.value));
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
