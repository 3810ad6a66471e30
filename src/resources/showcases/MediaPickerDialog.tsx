import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PostMedia } from '../../showcases/api';
import { MediaChoiceTile } from '../../forms/MediaChoiceTile';

const PER_PAGE = 12;
/**
 * Only the shared library's images (company_id null): every signed-in user of every company reads a
 * post, and the server refuses a company's file (GET /media's `usable_by: 'new'` is "shared only").
 */
export const SHARED_IMAGES = { mime: 'image', usable_by: 'new' } as const;

export interface MediaPickerProps {
  open: boolean;
  title: string;
  /** Several images (the gallery: confirmed with a button) or one (the featured image: a click picks it). */
  multiple?: boolean;
  /** What is chosen now (shown ticked). */
  selected: PostMedia[];
  onClose(): void;
  /** The chosen images: in multiple mode the ticked ones in the order they were ticked, the earlier ones first. */
  onDone(items: PostMedia[]): void;
}

/** A dialog over the shared media library's images: search, pages of thumbnails, tick and confirm. */
export function MediaPickerDialog({ open, title, multiple = false, selected, onClose, onDone }: MediaPickerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<PostMedia[]>(selected);
  // Each opening starts from what the field holds.
  useEffect(() => {
    if (open) setTicked(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data = [], total = 0, isPending, error } = useGetList<PostMedia & { id: number }>(
    'media',
    { pagination: { page, perPage: PER_PAGE }, sort: { field: 'created_at', order: 'DESC' }, filter: q ? { ...SHARED_IMAGES, q } : SHARED_IMAGES, meta: { cache: false } },
    { enabled: open },
  );
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const isTicked = (file: PostMedia) => ticked.some((m) => m.id === file.id);
  const choose = (file: PostMedia) => {
    if (!multiple) return onDone([file]);
    setTicked((list) => (list.some((m) => m.id === file.id) ? list.filter((m) => m.id !== file.id) : [...list, file]));
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="media-picker-title" data-testid="media-picker">
      <DialogTitle id="media-picker-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('showcasesAdmin.picker.shared')}
        </Typography>
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={t('showcasesAdmin.picker.search')}
          type="search"
          size="small"
          fullWidth
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'media-picker-search' } }}
        />
        {error ? <Alert severity="error">{t('showcasesAdmin.picker.loadFailed')}</Alert> : null}
        {!isPending && !error && data.length === 0 ? (
          <Typography color="text.secondary" data-testid="media-picker-empty">
            {t('showcasesAdmin.picker.empty')}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' } }}>
          {isPending
            ? Array.from({ length: 6 }, (_, i) => (
                <Box component="li" key={i} sx={{ listStyle: 'none' }}>
                  <Skeleton variant="rounded" height={130} />
                </Box>
              ))
            : data.map((file) => <MediaChoiceTile key={file.id} file={file} selected={isTicked(file)} onClick={() => choose(file)} testId="media-choice" />)}
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('showcasesAdmin.picker.previous')}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {t('showcasesAdmin.picker.page', { page, pages })}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('showcasesAdmin.picker.next')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t('ra.action.cancel')}</Button>
          {multiple ? (
            <Button variant="contained" onClick={() => onDone(ticked)} data-testid="media-picker-done">
              {t('showcasesAdmin.picker.done', { number: ticked.length })}
            </Button>
          ) : null}
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
