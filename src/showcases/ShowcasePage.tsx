import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../auth/permissions';
import { LoadingBar } from '../layout/LoadingBar';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { useSession } from '../session/useSession';
import { altOf, type Post } from './api';
import { BackLink, TITLE_SIZE, paragraphsOf, PostImage, PublishedDate, TermChips } from './parts';
import { SHOWCASES_PATH, showcaseMediaPath } from './paths';
import { useShowcase } from './useShowcase';

// The staff edit path (spec section 2); a plain string so this page does not load the admin screens.
const editPath = (id: number) => `/backend/showcases/edit/${id}`;

function Gallery({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (!post.gallery.length) return null;
  return (
    <Box component="section" aria-labelledby="showcase-gallery-title" sx={{ mt: 4 }}>
      <Typography variant="h5" component="h2" id="showcase-gallery-title" gutterBottom>
        {t('showcases.gallery')}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }} data-testid="showcase-gallery">
        {post.gallery.map((media) => (
          <Box component="li" key={media.guid} sx={{ listStyle: 'none', minWidth: 0 }}>
            <Box
              component={RouterLink}
              to={showcaseMediaPath(media.guid, post.slug)}
              aria-label={t('showcases.openImage', { name: altOf(media, post) })}
              sx={{ display: 'flex', aspectRatio: '16 / 9', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
              data-testid="showcase-gallery-link"
            >
              <Box component="img" src={media.thumbnail_url ?? media.url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * `/showcases/{slug}`: one live release: title, date, terms, the featured image, the excerpt and
 * content paragraphs, "Visit the website" (new tab) and the gallery, each image opening large.
 * An unknown slug, or a draft for a reader without 'edit posts', is the app's 404 page.
 */
export default function ShowcasePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { user } = useSession();
  const { post, error, failed } = useShowcase(slug);
  // An unknown showcase: back where the user was (spec section 2).
  if (useLeaveWhenMissing(error)) return null;
  if (!post) {
    return (
      <Box data-testid="showcase-page">
        <BackLink to={SHOWCASES_PATH} label={t('showcases.back')} />
        {failed ? <Alert severity="error">{t('showcases.loadFailed')}</Alert> : <LoadingBar />}
      </Box>
    );
  }
  const canEdit = hasPermission(user, PERMISSIONS.editPosts);
  return (
    <Box component="article" data-testid="showcase-page" data-ready="true" sx={{ maxWidth: 900 }}>
      <BackLink to={SHOWCASES_PATH} label={t('showcases.back')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h4" component="h1" data-testid="page-title" sx={{ ...TITLE_SIZE, overflowWrap: 'anywhere', minWidth: 0 }}>
          {post.post_title}
        </Typography>
        {canEdit ? (
          <Button component={RouterLink} to={editPath(post.id)} variant="outlined" size="small" startIcon={<EditIcon />} data-testid="showcase-edit">
            {t('showcases.edit')}
          </Button>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" sx={{ my: 1.5 }}>
        {post.post_status === 'draft' ? <Chip size="small" color="warning" label={t('showcasesAdmin.statuses.draft')} data-testid="showcase-draft" /> : null}
        <PublishedDate value={post.published_at} />
        <TermChips terms={post.taxonomies} all />
      </Stack>
      {post.featured_media ? (
        <PostImage
          media={post.featured_media}
          post={post}
          sizes="(max-width: 959px) 100vw, 900px"
          sx={{ width: '100%', height: 'auto', maxHeight: 520, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1, my: 2 }}
        />
      ) : null}
      {post.post_excerpt ? (
        <Typography variant="subtitle1" component="p" sx={{ fontSize: '1.15rem', mb: 2 }} data-testid="showcase-excerpt">
          {post.post_excerpt}
        </Typography>
      ) : null}
      <Box data-testid="showcase-content">
        {paragraphsOf(post.post_content).map((text, i) => (
          <Typography key={i} paragraph sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
        ))}
      </Box>
      {post.website_address ? (
        <Button variant="contained" href={post.website_address} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />} data-testid="showcase-website">
          {t('showcases.visit')}
          <Box component="span" sx={visuallyHidden}>
            {` ${t('showcases.newTab')}`}
          </Box>
        </Button>
      ) : null}
      <Gallery post={post} />
    </Box>
  );
}
