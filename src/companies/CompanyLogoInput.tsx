import BusinessIcon from '@mui/icons-material/Business';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';
import { MediaPickerDialog } from '../forms/MediaPickerDialog';
import { MediaUploadButton, MediaUploadStatus } from '../forms/MediaUploadControls';
import { useMediaUpload } from '../forms/useMediaUpload';
import { LogoThumbnail } from './LogoThumbnail';

/**
 * The form field that holds the logo's media guid (split out of `meta`, see CompanyForm); the
 * server names its logo errors so too, so they land on this input.
 */
export const LOGO_FIELD = 'logo';


type MediaRow = RaRecord & { id: number; guid: string; filename: string; mime: string; width: number | null; height: number | null; company_id: number | null; thumbnail_url: string | null };

/** What the logo rule accepts and a logo can show: JPEG or PNG (the server checks the content and 500-900 px). */
const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * The media filter of the files this company may use as its logo: the shared ones and its own (the
 * server's `usable_by`; 'new' for a company not yet created: the shared ones). Other companies'
 * files are left out, not shown greyed: with a logo per demo company they were most of the library.
 */
export const usableFilter = (companyId: number | undefined) => ({ mime: 'image', usable_by: companyId ?? 'new' });

/** The media library's images this company may use, in a dialog: search and pages; a click picks one. */
function LogoPicker({ open, companyId, current, onPick, onClose }: { open: boolean; companyId?: number; current: string | null; onPick: (guid: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MediaPickerDialog<MediaRow>
      open={open}
      title={t('companiesAdmin.logo.pickTitle')}
      filter={usableFilter(companyId)}
      texts="companiesAdmin.logo"
      testId="logo-picker"
      choiceTestId="logo-choice"
      selected={(file) => file.guid === current}
      onClose={onClose}
      onDone={([file]) => onPick(file.guid)}
    />
  );
}

/**
 * The company's logo (spec section 3: meta `logo`): its thumbnail, a picker over the media library's
 * images (a shared image or one filed under this company; the server refuses others), and an upload
 * right here through the media library's upload code with the spec's logo rule (500 to 900 pixels
 * wide), filed under the company when it exists. The choice is saved with the form.
 */
export function CompanyLogoInput({ companyId, companyName }: { companyId?: number; companyName: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canPick = hasPermission(user, 'view media');
  const canUpload = hasPermission(user, 'upload media');
  const { field, fieldState } = useInput({ source: LOGO_FIELD, defaultValue: null });
  const guid = (field.value as string | null) || null;
  const [picking, setPicking] = useState(false);
  const { upload, percent, errors, onFile } = useMediaUpload({ logo: true, companyId, onUploaded: field.onChange });

  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }} data-testid="company-logo">
      <Typography variant="subtitle2" component="p" id="company-logo-label" sx={{ mb: 1 }}>
        {t('companiesAdmin.logo.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <Box sx={{ border: 1, borderColor: fieldState.error ? 'error.main' : 'divider', borderRadius: 1, p: 1 }} data-testid="company-logo-current" data-guid={guid ?? ''}>
          {guid ? (
            <LogoThumbnail guid={guid} name={companyName} size={120} />
          ) : (
            <Box sx={{ width: 120, height: 120, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', textAlign: 'center' }}>
              <BusinessIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
              <Typography variant="caption">{t('companiesAdmin.logo.none')}</Typography>
            </Box>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {canPick ? (
              <Button variant="outlined" size="small" startIcon={<PermMediaIcon />} onClick={() => setPicking(true)} disabled={!!upload}>
                {t('companiesAdmin.logo.choose')}
              </Button>
            ) : null}
            {canUpload ? (
              <MediaUploadButton accept={ACCEPT} testId="logo-file-input" disabled={!!upload} onFile={onFile} />
            ) : null}
            {guid ? (
              <Button size="small" color="error" onClick={() => field.onChange(null)} disabled={!!upload}>
                {t('companiesAdmin.logo.remove')}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('companiesAdmin.logo.help')}
          </Typography>
          <MediaUploadStatus upload={upload} percent={percent} errors={errors} errorTestId="logo-upload-error" progressTestId="logo-upload-progress" />
          {fieldState.error?.message ? (
            <Typography variant="caption" color="error" role="alert">
              {fieldState.error.message}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
      <LogoPicker
        open={picking}
        companyId={companyId}
        current={guid}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          field.onChange(picked);
          setPicking(false);
        }}
      />
    </Box>
  );
}
