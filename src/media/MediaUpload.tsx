import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Card, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { http } from '../http';
import { PageHeading } from '../layout/PageHeading';
import { ACCEPT, formatSize, type MediaRow } from './types';
import { uploadFile } from './uploadFile';

type State = 'waiting' | 'uploading' | 'checking' | 'done' | 'failed';
interface Item {
  key: number;
  file: File;
  state: State;
  progress: number;
  media?: MediaRow;
  errors?: string[];
}

/** At most two files travel at once; the others wait their turn, each with its own bar. */
const PARALLEL = 2;
let nextKey = 1;

function UploadRow({ item }: { item: Item }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(item.progress * 100);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex', gap: 2, p: 1.5, alignItems: 'center' }} data-testid="upload-item" data-state={item.state}>
      <Box sx={{ width: 72, height: 72, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {item.media?.thumbnail_url ? (
          <Box component="img" src={item.media.thumbnail_url} alt={item.media.filename} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="upload-thumbnail" />
        ) : item.media ? (
          <PictureAsPdfIcon color="error" sx={{ fontSize: 40 }} />
        ) : (
          <CloudUploadIcon color="disabled" sx={{ fontSize: 36 }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap title={item.file.name} sx={{ fontWeight: 500 }}>
          {item.media?.filename ?? item.file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {formatSize(item.file.size, i18n.language)}
          {item.media?.width && item.media.height ? ` · ${t('mediaAdmin.dimensions', { width: item.media.width, height: item.media.height })}` : ''}
        </Typography>
        {item.state === 'failed' ? (
          <Alert severity="error" sx={{ mt: 1, py: 0 }} data-testid="upload-error">
            {(item.errors ?? []).map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        ) : item.state === 'done' ? (
          <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
            <CheckCircleIcon fontSize="small" /> {t('mediaAdmin.status.done')}
          </Typography>
        ) : (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant={item.state === 'checking' ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={t('mediaAdmin.progressOf', { name: item.file.name })}
              data-testid="upload-progress"
              data-progress={percent}
            />
            <Typography variant="caption" color="text.secondary" role="status">
              {item.state === 'waiting' ? t('mediaAdmin.status.waiting') : item.state === 'checking' ? t('mediaAdmin.status.checking') : t('mediaAdmin.status.uploading', { percent })}
            </Typography>
          </Box>
        )}
      </Box>
    </Card>
  );
}

/**
 * `/media/upload`: drop files on the zone (or choose them with the button); each file goes up on
 * its own request, with its own progress bar, then shows its thumbnail or the server's reason for
 * refusing it. "Company logo" applies the spec's logo rule on the server (JPEG, PNG or PDF, 500 to
 * 900 pixels wide).
 */
export default function MediaUpload() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [logo, setLogo] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Item[]>([]);
  const running = useRef(0);
  const aborter = useRef(new AbortController());

  // Leaving the page cancels what is still travelling.
  useEffect(() => {
    const controller = new AbortController();
    aborter.current = controller;
    return () => controller.abort();
  }, []);

  const update = (key: number, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const pump = (asLogo: boolean) => {
    while (running.current < PARALLEL && queue.current.length) {
      const item = queue.current.shift()!;
      running.current++;
      update(item.key, { state: 'uploading' });
      void uploadFile(item.file, {
        logo: asLogo,
        language: i18n.language,
        t: (key, params) => t(key, params),
        signal: aborter.current.signal,
        // The last bytes sent: the server is now checking and re-encoding the file.
        onProgress: (fraction) => update(item.key, fraction >= 1 ? { progress: 1, state: 'checking' } : { progress: fraction }),
      }).then((outcome) => {
        running.current--;
        if (aborter.current.signal.aborted) return;
        if (outcome.ok) {
          update(item.key, { state: 'done', progress: 1, media: outcome.media });
          // The library changed: drop the cached list pages so /media shows the new file.
          http.cache.clear('/media');
          void queryClient.invalidateQueries({ queryKey: ['media'] });
        } else {
          update(item.key, { state: 'failed', errors: outcome.messages });
        }
        pump(asLogo);
      });
    }
  };

  const add = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    if (!list.length) return;
    const added = list.map((file) => ({ key: nextKey++, file, state: 'waiting' as State, progress: 0 }));
    setItems((current) => [...added, ...current]);
    queue.current.push(...added);
    pump(logo);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeading />
      <Button component={Link} to="/media" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2 }}>
        {t('mediaAdmin.back')}
      </Button>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        <CloudUploadIcon sx={{ fontSize: 56, color: over ? 'primary.main' : 'text.disabled' }} />
        <Typography variant="h6" component="p">
          {t('mediaAdmin.drop.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('mediaAdmin.drop.or')}
        </Typography>
        <Button variant="contained" component="label" startIcon={<CloudUploadIcon />}>
          {t('mediaAdmin.drop.choose')}
          <input
            ref={input}
            hidden
            type="file"
            multiple
            accept={ACCEPT}
            data-testid="file-input"
            onChange={(event) => {
              add(event.target.files);
              // The same file can be chosen again after a failure.
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('mediaAdmin.drop.help')}
        </Typography>
      </Box>
      <FormControlLabel sx={{ mt: 1.5 }} control={<Switch checked={logo} onChange={(event) => setLogo(event.target.checked)} />} label={t('mediaAdmin.logo')} />
      {items.length ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, mt: 2 }} aria-label={t('mediaAdmin.uploads')} data-testid="upload-list">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
