import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { formatDate } from '../i18n/format';
import { altOf, type Post, type PostMedia } from './api';

/** A post's title as its page heading: a size smaller on a phone, where long titles took four lines. */
export const TITLE_SIZE = { fontSize: { xs: '1.6rem', sm: '2.125rem' } } as const;

const THUMBNAIL_SIZE = 320; // the server's thumbnails fit in 320 x 320 (server/media/media.content.ts)

/** The `srcset` of a media item: its thumbnail and its file, so small cards never load the full file. */
function srcSetOf(media: PostMedia): string | undefined {
  if (!media.thumbnail_url || !media.width || !media.height) return undefined;
  const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(media.width, media.height));
  return `${media.thumbnail_url} ${Math.round(media.width * scale)}w, ${media.url} ${media.width}w`;
}

/**
 * One of a post's images: the thumbnail or the file, whichever the layout needs (`sizes`), with its
 * alt text (the media's, else the post's title).
 */
export function PostImage({ media, post, sizes, sx }: { media: PostMedia; post: Pick<Post, 'post_title'>; sizes: string; sx?: SxProps<Theme> }) {
  return <Box component="img" src={media.url} srcSet={srcSetOf(media)} sizes={sizes} alt={altOf(media, post)} loading="lazy" sx={{ display: 'block', maxWidth: '100%', ...sx }} />;
}

/**
 * The post's region and make terms (and type, with `all`) as small chips, in the reader's words:
 * a region as its country ("France", not "FR"), a company type translated, makes as they are.
 */
export function TermChips({ terms, all = false }: { terms: Post['taxonomies']; all?: boolean }) {
  const words = useDataWords();
  const shown = terms.filter((t) => all || t.taxonomy === 'region' || t.taxonomy === 'make');
  if (!shown.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid="showcase-terms">
      {shown.map((term) => (
        <Chip key={term.id} size="small" variant="outlined" label={words.term(term.taxonomy, term)} data-taxonomy={term.taxonomy} />
      ))}
    </Stack>
  );
}

/** "Published 07/03/2026": dates as the portal writes them (spec section 5: dd/mm/yyyy), machine-readable too. */
export function PublishedDate({ value, sx }: { value: string | null; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Typography component="time" dateTime={value} variant="body2" color="text.secondary" sx={sx} data-testid="showcase-date">
      {t('showcases.publishedOn', { date: formatDate(value) })}
    </Typography>
  );
}

/** Plain-text content as paragraphs: a blank line starts a new one, a single line break stays. */
export function paragraphsOf(content: string | null): string[] {
  return (content ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The way back up: to the showcases, or from an image to its showcase. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }} data-testid="showcase-back">
      {label}
    </Button>
  );
}

/** One column on a phone, two on a tablet, three on a desktop. */
export const CARD_GRID = {
  display: 'grid',
  gap: 2,
  p: 0,
  m: 0,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;
