import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Card, CardActionArea, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { Confirm, FilterButton, List, Pagination, SearchInput, SelectInput, TopToolbar, useDelete, useListContext, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../i18n/format';
import { PageHeading } from '../layout/PageHeading';
import { formatSize, typeLabel, type MediaRow } from './types';
import { useMediaAbilities } from './useMediaAbilities';
import { ListEmpty } from '../layout/ListEmpty';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' } } as const;
const THUMB_HEIGHT = { xs: 120, sm: 150 };

function UploadButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/media/upload" startIcon={<CloudUploadIcon />} variant={variant} size="small">
      {t('mediaAdmin.upload')}
    </Button>
  );
}

function Empty() {
  const { t } = useTranslation();
  const { upload } = useMediaAbilities();
  return (
    <ListEmpty
      icon={PermMediaIcon}
      title={t('mediaAdmin.empty.title')}
      text={t(upload ? 'mediaAdmin.empty.upload' : 'mediaAdmin.empty.wait')}
      action={upload ? <UploadButton variant="contained" /> : null}
      testId="media-empty"
    />
  );
}

/** One tile: the thumbnail (or a PDF sign), opening the file; name, type, size and date; delete. */
function MediaTile({ record, canDelete }: { record: MediaRow; canDelete: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  const kind = [typeLabel(record.mime), record.width && record.height ? t('mediaAdmin.dimensions', { width: record.width, height: record.height }) : null].filter(Boolean).join(' · ');
  const onDelete = () =>
    remove(
      'media',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(t('errors:media.deleted'), { type: 'success' });
        },
        onError: () => setConfirming(false),
      },
    );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', minWidth: 0, position: 'relative' }} data-testid="media-tile">
      {/* An image's link is named by the label; a PDF's by its visible caption and the (hidden) file name. */}
      <CardActionArea href={record.url} target="_blank" rel="noopener" aria-label={record.thumbnail_url ? t('mediaAdmin.open', { name: record.filename }) : undefined}>
        <Box sx={{ height: THUMB_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover' }}>
          {record.thumbnail_url ? (
            <Box component="img" src={record.thumbnail_url} alt={record.filename} loading="lazy" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }} />
          ) : (
            <Box sx={{ textAlign: 'center', color: 'error.main' }}>
              <PictureAsPdfIcon sx={{ fontSize: 56 }} aria-hidden />
              <Typography variant="caption" component="p" color="text.secondary">
                {t('mediaAdmin.pdf')}
                <Box component="span" sx={visuallyHidden}>
                  {` ${record.filename}`}
                </Box>
              </Typography>
            </Box>
          )}
        </Box>
      </CardActionArea>
      <Box sx={{ p: 1.25 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap title={record.filename} sx={{ fontWeight: 500 }}>
            {record.filename}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {kind}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatSize(record.size, i18n.language)} · {formatDate(record.created_at)}
          </Typography>
        </Box>
      </Box>
      {canDelete ? (
        // Over the thumbnail's corner, so the name and details keep the tile's whole width.
        <Tooltip title={t('mediaAdmin.delete')}>
          <IconButton
            size="small"
            onClick={() => setConfirming(true)}
            aria-label={t('mediaAdmin.deleteNamed', { name: record.filename })}
            sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={t('mediaAdmin.confirmTitle', { name: record.filename })}
        content={t('mediaAdmin.confirmContent')}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

/** The list's page as a grid of tiles (react-admin's list context: data, loading, filters). */
function MediaGrid() {
  const { data, isPending } = useListContext<MediaRow>();
  const { upload, viewAll } = useMediaAbilities();
  if (isPending) {
    return (
      <Box component="ul" sx={{ ...GRID, p: 2, m: 0 }} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Box component="li" key={i} sx={{ listStyle: 'none' }}>
            <Skeleton variant="rounded" sx={{ height: THUMB_HEIGHT }} />
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={{ ...GRID, p: 2, m: 0 }} data-testid="media-grid">
      {(data ?? []).map((record) => (
        <MediaTile key={record.id} record={record} canDelete={upload && (viewAll || record.company_id !== null)} />
      ))}
    </Box>
  );
}

/**
 * `/media`: the files the user may see, newest first, as a grid of thumbnails, 30 a page (spec
 * section 9), with a search by name and a type filter. A tile opens the file; those who may upload
 * reach the upload page from here and delete what they may.
 */
export default function MediaList() {
  const { t } = useTranslation();
  const { upload } = useMediaAbilities();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('mediaAdmin.search')} />,
    <SelectInput
      key="mime"
      source="mime"
      label="resources.media.fields.mime"
      choices={[
        { id: 'image', name: 'mediaAdmin.types.image' },
        { id: 'application/pdf', name: 'mediaAdmin.types.pdf' },
      ]}
    />,
  ];
  return (
    <>
      <PageHeading />
      <List
        resource="media"
        title={t('routes.media')}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={30}
        pagination={<Pagination rowsPerPageOptions={[30]} />}
        actions={
          <TopToolbar>
            <FilterButton />
            {upload ? <UploadButton /> : null}
          </TopToolbar>
        }
        empty={<Empty />}
        exporter={false}
        storeKey="media.list"
      >
        <MediaGrid />
      </List>
    </>
  );
}
