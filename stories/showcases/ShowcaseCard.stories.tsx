import { Box } from '@mui/material';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Post, PostMedia } from '../../src/showcases/api';
import { ShowcaseCard } from '../../src/showcases/ShowcaseCard';
import { storyI18n } from '../support/providers';

/** A picture drawn in the story itself (no server): the featured image of a live release. */
const picture = (color: string, text: string): string =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="96" font-weight="700" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`,
  )}`;

const image = (color: string, text: string): PostMedia => ({
  id: 1, guid: '00000000-0000-4000-8000-000000000001', filename: 'live.jpg', mime: 'image/svg+xml', size: 1000, width: 1280, height: 720,
  company_id: null, url: picture(color, text), thumbnail_url: picture(color, text), created_at: '2026-01-20T09:00:00Z', alt: `${text}: the home page of the new website`,
});

const post: Post = {
  id: 1, guid: '00000000-0000-4000-8000-000000000002', post_title: 'Table Bay Motors: a new website for Cape Town', slug: 'table-bay-motors',
  post_excerpt: 'Table Bay Motors replaces its old brochure site with live stock, finance applications and WhatsApp enquiries.',
  post_content: null, post_status: 'published', published_at: '2026-01-20T09:00:00Z', website_address: 'https://table-bay-motors.example',
  featured_media: image('#0e5a6b', 'Table Bay Motors'), gallery: [],
  taxonomies: [
    { id: 12, name: 'ZA', names: {}, slug: 'za', taxonomy: 'region' },
    { id: 30, name: 'Toyota', names: {}, slug: 'toyota', taxonomy: 'make' },
    { id: 31, name: 'Volkswagen', names: {}, slug: 'volkswagen', taxonomy: 'make' },
  ],
  meta: [], author: null, created_at: '2026-01-20T09:00:00Z', updated_at: '2026-01-20T09:00:00Z',
} as Post;

/** The app's texts are its `common` namespace (the renderer's default is `configurator`). */
function AppTexts({ locale, children }: { locale: string; children: React.ReactNode }) {
  const i18n = useMemo(() => storyI18n.cloneInstance({ defaultNS: 'common', lng: locale }), [locale]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** A router (the card is a link) and the grid's list around one card, as wide as a grid column. */
const inGrid: Decorator = (Story, context) => (
  <AppTexts locale={(context.globals.locale as string | undefined) ?? 'en-GB'}>
    <MemoryRouter>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', maxWidth: 380 }}>
        <Story />
      </Box>
    </MemoryRouter>
  </AppTexts>
);

const meta = {
  title: 'Showcases/Card',
  component: ShowcaseCard,
  decorators: [inGrid],
} satisfies Meta<typeof ShowcaseCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A live release as dealers see it at /showcases. */
export const Published: Story = { args: { post } };

/** No featured image yet: a placeholder keeps the grid's rows even. */
export const WithoutImage: Story = { args: { post: { ...post, featured_media: null } } };

/** A long title and excerpt: the excerpt stops after three lines. */
export const LongTexts: Story = {
  args: {
    post: {
      ...post,
      post_title: 'Garage Van den Broeck opens its online showroom in Dutch and French for Antwerp and beyond',
      post_excerpt: `${post.post_excerpt} ${post.post_excerpt} ${post.post_excerpt}`,
    },
  },
};
