import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LoadingBar } from '../layout/LoadingBar';
import NotFoundPage from '../layout/NotFoundPage';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { altOf, mediaFileUrl, postImages } from './api';
import { BackLink, TITLE_SIZE } from './parts';
import { SHOWCASES_PATH, showcaseMediaPath, showcasePath } from './paths';
import { useShowcase } from './useShowcase';

/**
 * `/showcases/media/{mediaId}` (the media's guid): the image large. With `?post={slug}` the post
 * gives the way back, the image's alt text and file name, and previous / next through the post's
 * images (featured first, then the gallery; also with the arrow keys). Stepping replaces the
 * history entry, so Back returns to the showcase rather than through every image seen.
 */
export default function ShowcaseMediaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mediaId = '' } = useParams();
  const [search] = useSearchParams();
  const slug = search.get('post');
  const { post, error, failed } = useShowcase(slug);
  // A post that does not exist (or is a draft): back where the user was (spec section 2).
  const missing = useLeaveWhenMissing(error);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [mediaId]);

  const images = post ? postImages(post) : [];
  const index = images.findIndex((m) => m.guid === mediaId.toLowerCase());
  const previous = index > 0 ? images[index - 1] : undefined;
  const next = index >= 0 && index < images.length - 1 ? images[index + 1] : undefined;
  const stepTo = (guid: string | undefined) => guid && slug && navigate(showcaseMediaPath(guid, slug), { replace: true });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Arrow keys in a field belong to the field.
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || (event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]')) return;
      if (event.key === 'ArrowLeft') stepTo(previous?.guid);
      if (event.key === 'ArrowRight') stepTo(next?.guid);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (missing) return null;
  // An image not in the post, or a file the server does not have: the post is there, the picture is not.
  if (broken || (post && index < 0)) return <NotFoundPage />;
  if (slug && !post) {
    return (
      <Box data-testid="showcase-media-page">
        <BackLink to={showcasePath(slug)} label={t('showcases.backToShowcase')} />
        {failed ? <Alert severity="error">{t('showcases.loadFailed')}</Alert> : <LoadingBar />}
      </Box>
    );
  }
  const media = post ? images[index] : undefined;
  const alt = media && post ? altOf(media, post) : t('showcases.imageAlt');
  return (
    <Box data-testid="showcase-media-page" data-ready="true" sx={{ maxWidth: 1200 }}>
      <BackLink to={post ? showcasePath(post.slug) : SHOWCASES_PATH} label={t(post ? 'showcases.backToShowcase' : 'showcases.back')} />
      <Typography variant="h4" component="h1" data-testid="page-title" sx={{ ...TITLE_SIZE, overflowWrap: 'anywhere' }}>
        {post ? post.post_title : t('routes.showcaseMedia')}
      </Typography>
      {media ? (
        <Typography color="text.secondary" data-testid="showcase-media-caption" sx={{ overflowWrap: 'anywhere' }}>
          {media.alt?.trim() || media.filename}
        </Typography>
      ) : null}
      <Box component="figure" sx={{ m: 0, my: 2, display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: { xs: 0, sm: 2 } }}>
        <Box component="img" src={mediaFileUrl(mediaId)} alt={alt} onError={() => setBroken(true)} sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} data-testid="showcase-media-image" />
      </Box>
      {post && images.length > 1 ? (
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} component="nav" aria-label={t('showcases.imageNav')}>
          <Button component={RouterLink} to={showcaseMediaPath((previous ?? media!).guid, post.slug)} replace disabled={!previous} startIcon={<ChevronLeftIcon />} data-testid="showcase-media-previous">
            {t('showcases.previous')}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status" data-testid="showcase-media-position">
            {t('showcases.position', { position: index + 1, total: images.length })}
          </Typography>
          <Button component={RouterLink} to={showcaseMediaPath((next ?? media!).guid, post.slug)} replace disabled={!next} endIcon={<ChevronRightIcon />} data-testid="showcase-media-next">
            {t('showcases.next')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
