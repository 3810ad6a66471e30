import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MediaUploadState } from './useMediaUpload';

/**
 * The Upload button of a media field (`useMediaUpload`'s `onFile`): a hidden file input inside it,
 * emptied after each choice so the same file can be chosen again after a failure.
 */
export function MediaUploadButton({ accept, testId, disabled, onFile }: { accept: string | undefined; testId: string; disabled: boolean; onFile: (file: File | undefined) => unknown }) {
  const { t } = useTranslation();
  return (
    <Button variant="outlined" size="small" component="label" startIcon={<CloudUploadIcon />} disabled={disabled}>
      {t('companiesAdmin.logo.upload')}
      <input
        hidden
        type="file"
        accept={accept}
        data-testid={testId}
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          // The same file can be chosen again after a failure.
          event.target.value = '';
        }}
      />
    </Button>
  );
}

/**
 * What a media field's upload is doing (`useMediaUpload`): the progress bar and its status line
 * while it runs, the server's messages when it was refused. `progressTestId` also names the bar
 * and carries the percentage (`data-progress`).
 */
export function MediaUploadStatus({ upload, percent, errors, errorTestId, progressTestId }: { upload: MediaUploadState | null; percent: number; errors: string[]; errorTestId: string; progressTestId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {upload ? (
        <Box sx={{ maxWidth: 360 }}>
          <LinearProgress
            variant={upload.checking ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={t('companiesAdmin.logo.progress')}
            {...(progressTestId ? { 'data-testid': progressTestId, 'data-progress': percent } : {})}
          />
          <Typography variant="caption" color="text.secondary" role="status">
            {upload.checking ? t('mediaAdmin.status.checking') : t('mediaAdmin.status.uploading', { percent })}
          </Typography>
        </Box>
      ) : null}
      {errors.length ? (
        <Alert severity="error" sx={{ py: 0 }} data-testid={errorTestId}>
          {errors.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      ) : null}
    </>
  );
}
