import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeIcon } from './TypeChip';

export interface IconChoice {
  /** A file chosen now (shown from the browser before it is uploaded). */
  file: File | null;
  /** The stored icon is to go. */
  remove: boolean;
}

/**
 * A type's icon: the stored one (or the file just chosen) as a preview, a button to choose or
 * replace it, and one to remove it. The server checks the file by its content; its refusal shows
 * under the preview (`error`).
 */
export function IconUploader({ name, currentUrl, value, onChange, error }: { name: string; currentUrl: string | null; value: IconChoice; onChange: (next: IconChoice) => void; error?: string }) {
  const { t } = useTranslation('tasks');
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (value.remove ? null : currentUrl);
  return (
    <Box>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {t('types.icon')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TypeIcon name={name || t('types.icon')} iconUrl={shown} size={48} />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          data-testid="icon-file"
          aria-describedby={helpId}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            if (file) onChange({ file, remove: false });
            e.target.value = '';
          }}
        />
        <Button size="small" variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {shown ? t('types.replaceIcon') : t('types.chooseIcon')}
        </Button>
        {shown && (
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onChange({ file: null, remove: Boolean(currentUrl) })}>
            {t('types.removeIcon')}
          </Button>
        )}
      </Stack>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? (value.file ? value.file.name : t('types.iconHelp'))}
      </FormHelperText>
    </Box>
  );
}
