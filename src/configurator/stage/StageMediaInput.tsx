import ImageIcon from '@mui/icons-material/Image';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, FormLabel, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaInputProps } from '../../../engine/react';
import { hasPermission } from '../../auth/permissions';
import { MediaPickerDialog, type PickerFile } from '../../forms/MediaPickerDialog';
import { MediaUploadButton, MediaUploadStatus } from '../../forms/MediaUploadControls';
import { useMediaUpload } from '../../forms/useMediaUpload';
import { useSession } from '../../session/useSession';

type MediaRow = PickerFile & { guid: string; mime: string };

/** What the logo rule accepts (the server checks the content and the 500-900 px size again). */
const LOGO_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/** The picture of the chosen file (its thumbnail; a PDF, or a file gone, shows a sign). */
function Chosen({ guid, label }: { guid: string | undefined; label: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [guid]);
  const box = { width: 120, height: 120, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden', color: 'text.secondary', textAlign: 'center' } as const;
  if (!guid) {
    return (
      <Box sx={box}>
        <ImageIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
        <Typography variant="caption">{t('companiesAdmin.logo.none')}</Typography>
      </Box>
    );
  }
  if (failed) {
    return (
      <Box sx={box}>
        <ImageIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
        <Typography variant="caption">{label}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={box}>
      <Box component="img" src={`/api/media/${encodeURIComponent(guid)}/thumbnail`} alt={label} onError={() => setFailed(true)} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
    </Box>
  );
}

/**
 * The stage form's media input (`"ui:widget": "media"`, given to StageForm as `mediaInput`): the
 * chosen file's thumbnail, a picker over the media library files the config's company may use, and
 * an upload filed under the company (for those who may upload media). With `purpose: 'logo'` the
 * picker offers only files meeting the logo rule (GET /media `logo: true`) and the upload applies
 * it (`purpose=logo`: JPEG, PNG or PDF, 500-900 px wide and high); the stage write checks it again.
 */
function StageMediaInput({ companyId, id, value, onChange, label, required, disabled, error, purpose }: MediaInputProps & { companyId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canPick = hasPermission(user, 'view media');
  const canUpload = hasPermission(user, 'upload media');
  const [picking, setPicking] = useState(false);
  const logo = purpose === 'logo';
  const { upload, percent, errors, onFile } = useMediaUpload({ logo, companyId, onUploaded: onChange });

  const busy = disabled || !!upload;
  return (
    <Box data-testid={`${id}__media`} data-guid={value ?? ''} role="group" aria-labelledby={`${id}-label`} sx={{ my: 1 }}>
      <FormLabel id={`${id}-label`} required={required} error={error} component="p" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 1 }}>
          <Chosen guid={value} label={label} />
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {canPick ? (
              <Button variant="outlined" size="small" startIcon={<PermMediaIcon />} onClick={() => setPicking(true)} disabled={busy}>
                {t('companiesAdmin.logo.choose')}
              </Button>
            ) : null}
            {canUpload ? (
              <MediaUploadButton accept={logo ? LOGO_ACCEPT : undefined} testId={`${id}__file`} disabled={busy} onFile={onFile} />
            ) : null}
            {value ? (
              <Button size="small" color="error" onClick={() => onChange(undefined)} disabled={busy}>
                {t('companiesAdmin.logo.remove')}
              </Button>
            ) : null}
          </Stack>
          <MediaUploadStatus upload={upload} percent={percent} errors={errors} errorTestId={`${id}__upload-error`} />
        </Stack>
      </Stack>
      <MediaPickerDialog<MediaRow>
        open={picking}
        title={t('companiesAdmin.logo.pickTitle')}
        filter={logo ? { usable_by: companyId, logo: true } : { usable_by: companyId }}
        texts="companiesAdmin.logo"
        testId={`${id}__picker`}
        choiceTestId={`${id}__choice`}
        selected={(file) => file.guid === value}
        onClose={() => setPicking(false)}
        onDone={([file]) => {
          onChange(file.guid);
          setPicking(false);
        }}
      />
    </Box>
  );
}

/**
 * The media input of one config's stage page: the engine's `mediaInput`, bound to the config's company.
 * @example const mediaInput = useMemo(() => stageMediaInput(config.company_id), [config.company_id]);
 */
export function stageMediaInput(companyId: number): ComponentType<MediaInputProps> {
  return function ConfigMediaInput(props: MediaInputProps) {
    return <StageMediaInput {...props} companyId={companyId} />;
  };
}
