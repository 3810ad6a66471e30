import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../data/useDebouncedValue';
import { MediaChoiceTile, type MediaChoiceFile } from './MediaChoiceTile';

const PER_PAGE = 12;
/** The search asks 300 ms after typing stops. */
const SEARCH_DELAY_MS = 300;

export type PickerFile = RaRecord & MediaChoiceFile & { id: number };

export interface MediaPickerDialogProps<T extends PickerFile> {
  open: boolean;
  title: string;
  /** The GET /media filter of the files offered (e.g. `{mime: 'image', usable_by: 'new'}`: shared images). */
  filter: Record<string, unknown>;
  /** The i18n prefix of the texts: `.search`, `.loadFailed`, `.empty`, `.previous`, `.page`, `.next`, `.cancel`, and `.done` with `multiple`. */
  texts: string;
  /** A line above the search: what this library offers here. */
  intro?: string;
  /** The dialog's test id; its search, files (`aria-busy` while a search loads), empty state and done button are
   *  `{testId}-search`, `{testId}-files`, `{testId}-empty`, `{testId}-done`. */
  testId: string;
  /** Each file's test id. */
  choiceTestId: string;
  /** Several files (ticked, then confirmed) or one (a click chooses it). */
  multiple?: boolean;
  /** The files chosen now, shown ticked (with `multiple`, where the ticking starts). */
  selected: T[] | ((file: T) => boolean);
  onClose(): void;
  /** The chosen files: with `multiple` the ticked ones in the order they were ticked, the earlier ones first. */
  onDone(files: T[]): void;
}

/**
 * A dialog over the media library (the company logo, a showcase's images): a search (300 ms),
 * pages of thumbnails, and a choice of one file or several.
 */
export function MediaPickerDialog<T extends PickerFile>({ open, title, filter, texts, intro, testId, choiceTestId, multiple = false, selected, onClose, onDone }: MediaPickerDialogProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was turned in: a new search starts on the first page.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const [ticked, setTicked] = useState<T[]>(Array.isArray(selected) ? selected : []);
  // Each opening starts from what the field holds.
  useEffect(() => {
    if (open && Array.isArray(selected)) setTicked(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  // The earlier answer stays on screen while a new search or page loads: tiles never turn into
  // skeletons under the pointer, so a click made as the answer arrives lands on a file, not on nothing.
  const { data = [], total = 0, isPending, isPlaceholderData, error } = useGetList<T>(
    'media',
    { pagination: { page, perPage: PER_PAGE }, sort: { field: 'created_at', order: 'DESC' }, filter: q ? { ...filter, q } : filter, meta: { cache: false } },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const busy = isPending || isPlaceholderData || q !== typed.trim();
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const isTicked = (file: T) => (multiple || Array.isArray(selected) ? ticked.some((m) => m.id === file.id) : selected(file));
  const choose = (file: T) => {
    if (!multiple) return onDone([file]);
    setTicked((list) => (list.some((m) => m.id === file.id) ? list.filter((m) => m.id !== file.id) : [...list, file]));
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        {intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {intro}
          </Typography>
        ) : null}
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={t(`${texts}.search`)}
          type="search"
          size="small"
          fullWidth
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-search` } }}
        />
        {error ? <Alert severity="error">{t(`${texts}.loadFailed`)}</Alert> : null}
        {!isPending && !error && data.length === 0 ? (
          <Typography color="text.secondary" data-testid={`${testId}-empty`}>
            {t(`${texts}.empty`)}
          </Typography>
        ) : null}
        <Box component="ul" aria-busy={busy} data-testid={`${testId}-files`} sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' } }}>
          {isPending
            ? Array.from({ length: 6 }, (_, i) => (
                <Box component="li" key={i} sx={{ listStyle: 'none' }}>
                  <Skeleton variant="rounded" height={130} />
                </Box>
              ))
            : data.map((file) => <MediaChoiceTile key={file.id} file={file} selected={isTicked(file)} onClick={() => choose(file)} testId={choiceTestId} />)}
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Button size="small" disabled={page <= 1} onClick={() => setPaging({ q, page: page - 1 })}>
            {t(`${texts}.previous`)}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {t(`${texts}.page`, { page, pages })}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPaging({ q, page: page + 1 })}>
            {t(`${texts}.next`)}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t(`${texts}.cancel`)}</Button>
          {multiple ? (
            <Button variant="contained" onClick={() => onDone(ticked)} data-testid={`${testId}-done`}>
              {t(`${texts}.done`, { number: ticked.length })}
            </Button>
          ) : null}
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
