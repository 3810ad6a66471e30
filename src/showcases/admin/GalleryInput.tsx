import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PostMedia } from '../api';
import { MediaThumb, useKnownMedia } from './knownMedia';
import { SharedImagePicker } from './SharedImagePicker';

/** `list` with the items at `from` and `to` swapped. */
const swap = (list: number[], from: number, to: number) => {
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
};

/**
 * The post's gallery (`gallery_ids`, in the order the readers see it): images added from the shared
 * library (several at a time), moved up and down, removed.
 */
export function GalleryInput() {
  const { t } = useTranslation();
  const record = useRecordContext<{ gallery?: PostMedia[] }>();
  const { field, fieldState } = useInput({ source: 'gallery_ids', defaultValue: [] });
  const known = useKnownMedia(record?.gallery ?? []);
  const [picking, setPicking] = useState(false);
  const ids = ((field.value as number[] | null) ?? []).map(Number);
  const items = ids.map((id) => ({ id, media: known.get(id) }));
  const nameOf = (id: number) => known.get(id)?.filename ?? `#${id}`;
  return (
    <Box sx={{ mb: 2 }} data-testid="gallery-input">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="subtitle2" component="p" id="gallery-label">
          {t('resources.posts.fields.gallery_ids')}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<AddPhotoIcon />} onClick={() => setPicking(true)} data-testid="gallery-add">
          {t('showcasesAdmin.gallery.add')}
        </Button>
      </Stack>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="gallery-empty">
          {t('showcasesAdmin.gallery.none')}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby="gallery-label" sx={{ p: 0, m: 0, border: 1, borderColor: fieldState.error ? 'error.main' : 'divider', borderRadius: 1 }}>
          {items.map(({ id, media }, index) => (
            <Box
              component="li"
              key={id}
              sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1.5, p: 1, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
              data-testid="gallery-item"
              data-media-id={id}
            >
              <Typography variant="body2" color="text.secondary" sx={{ width: 20, textAlign: 'right' }}>
                {index + 1}
              </Typography>
              <MediaThumb media={media} size={56} />
              <Typography variant="body2" noWrap title={media?.filename} sx={{ flex: 1, minWidth: 0 }} data-testid="gallery-item-name">
                {nameOf(id)}
              </Typography>
              <IconButton size="small" disabled={index === 0} onClick={() => field.onChange(swap(ids, index, index - 1))} aria-label={t('showcasesAdmin.gallery.up', { name: nameOf(id) })}>
                <KeyboardArrowUpIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" disabled={index === ids.length - 1} onClick={() => field.onChange(swap(ids, index, index + 1))} aria-label={t('showcasesAdmin.gallery.down', { name: nameOf(id) })}>
                <KeyboardArrowDownIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" onClick={() => field.onChange(ids.filter((other) => other !== id))} aria-label={t('showcasesAdmin.gallery.remove', { name: nameOf(id) })}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {fieldState.error?.message ? (
        <Typography variant="caption" color="error" role="alert" component="p" sx={{ mt: 0.5 }}>
          {fieldState.error.message}
        </Typography>
      ) : null}
      <SharedImagePicker
        open={picking}
        multiple
        title={t('showcasesAdmin.gallery.pickTitle')}
        selected={ids.map((id) => known.get(id)).filter((m): m is PostMedia => Boolean(m))}
        onClose={() => setPicking(false)}
        onDone={(picked) => {
          known.remember(picked);
          // The images kept stay where they were; new ones go to the end in the order they were ticked.
          const kept = ids.filter((id) => picked.some((m) => m.id === id));
          field.onChange([...kept, ...picked.map((m) => m.id).filter((id) => !kept.includes(id))]);
          setPicking(false);
        }}
      />
    </Box>
  );
}
