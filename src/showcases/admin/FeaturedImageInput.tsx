import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PostMedia } from '../api';
import { MediaThumb, useKnownMedia } from './knownMedia';
import { SharedImagePicker } from './SharedImagePicker';

/**
 * The post's featured image (`featured_media_id`, the field the server names in its errors): its
 * thumbnail and name, Choose / Change from the shared library, Remove.
 */
export function FeaturedImageInput() {
  const { t } = useTranslation();
  const record = useRecordContext<{ featured_media?: PostMedia | null }>();
  const { field, fieldState } = useInput({ source: 'featured_media_id', defaultValue: null });
  const known = useKnownMedia([record?.featured_media]);
  const [picking, setPicking] = useState(false);
  const id = (field.value as number | null) ?? null;
  const media = id === null ? undefined : known.get(id);
  return (
    <Box sx={{ mb: 2 }} data-testid="featured-image" data-media-id={id ?? ''}>
      <Typography variant="subtitle2" component="p" id="featured-image-label" sx={{ mb: 1 }}>
        {t('resources.posts.fields.featured_media_id')}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <Box sx={{ border: 1, borderColor: fieldState.error ? 'error.main' : 'divider', borderRadius: 1, p: 0.5 }}>
          <MediaThumb media={media} size={96} />
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap title={media?.filename} data-testid="featured-image-name">
            {id === null ? t('showcasesAdmin.featured.none') : (media?.filename ?? `#${id}`)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Button variant="outlined" size="small" startIcon={<PermMediaIcon />} onClick={() => setPicking(true)} aria-describedby="featured-image-label" data-testid="featured-image-choose">
              {t(id === null ? 'showcasesAdmin.featured.choose' : 'showcasesAdmin.featured.change')}
            </Button>
            {id !== null ? (
              <Button size="small" color="error" onClick={() => field.onChange(null)} aria-describedby="featured-image-label">
                {t('showcasesAdmin.featured.remove')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Stack>
      {fieldState.error?.message ? (
        <Typography variant="caption" color="error" role="alert" component="p" sx={{ mt: 0.5 }}>
          {fieldState.error.message}
        </Typography>
      ) : null}
      <SharedImagePicker
        open={picking}
        title={t('showcasesAdmin.featured.pickTitle')}
        selected={media ? [media] : []}
        onClose={() => setPicking(false)}
        onDone={([picked]) => {
          known.remember([picked]);
          field.onChange(picked.id);
          setPicking(false);
        }}
      />
    </Box>
  );
}
