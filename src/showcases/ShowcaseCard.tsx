import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from './api';
import { PostImage, PublishedDate, TermChips } from './parts';
import { showcasePath } from './paths';

const IMAGE_BOX = { aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' } as const;

/**
 * One live release in the grid: the whole card is one link to the post (so it is one tab stop,
 * named by its title), with the featured image, title, excerpt, region/make chips and date.
 */
export function ShowcaseCard({ post }: { post: Post }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex', minWidth: 0 }} data-testid="showcase-card" data-slug={post.slug}>
      <CardActionArea
        component={RouterLink}
        to={showcasePath(post.slug)}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%', '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 } }}
      >
        <Box sx={IMAGE_BOX}>
          {post.featured_media ? (
            <PostImage media={post.featured_media} post={post} sizes="(max-width: 599px) 100vw, (max-width: 1199px) 50vw, 400px" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <PhotoIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
          )}
        </Box>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }} data-testid="showcase-card-title">
            {post.post_title}
          </Typography>
          {post.post_excerpt ? (
            <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {post.post_excerpt}
            </Typography>
          ) : null}
          <Box sx={{ mt: 'auto', display: 'flex', flexDirection: 'column', gap: 1 }}>
            <TermChips terms={post.taxonomies} />
            <PublishedDate value={post.published_at} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
