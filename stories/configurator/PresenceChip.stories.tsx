import { Box, Chip, Typography } from '@mui/material';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PresenceChip } from '../../src/configurator/live/PresenceChip';
import { storyI18n } from '../support/providers';

/** A picture drawn in the story itself (no server): a person's avatar. */
const face = (color: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="100%" height="100%" fill="${color}"/><circle cx="32" cy="26" r="12" fill="#fff"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#fff"/></svg>`)}`;

const pat = { id: 2, name: 'Pat Project', avatar: null };
const dana = { id: 4, name: 'Dana Dealer', avatar: face('#0e5a6b') };
const alex = { id: 5, name: 'Alex Account', avatar: null };
const sam = { id: 9, name: 'Sam Sales', avatar: face('#7a3e9d') };
const robin = { id: 11, name: 'Robin Reviewer', avatar: null };

/** The app's texts are its `common` namespace (the renderer's default is `configurator`). */
function AppTexts({ locale, children }: { locale: string; children: React.ReactNode }) {
  const i18n = useMemo(() => storyI18n.cloneInstance({ defaultNS: 'common', lng: locale }), [locale]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

const inHeading: Decorator = (Story, context) => {
  return (
    <AppTexts locale={(context.globals.locale as string | undefined) ?? 'en-GB'}>
      {/* As the stage page's heading shows it: the title, the state, then who else is here. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Locations
        </Typography>
        <Chip size="small" label="Draft" />
        <Story />
      </Box>
    </AppTexts>
  );
};

const meta = {
  title: 'Configurator/Presence chip',
  component: PresenceChip,
  decorators: [inHeading],
} satisfies Meta<typeof PresenceChip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One other person on the stage: "Pat Project is also here" (initials: no picture). */
export const OneOther: Story = { args: { others: [pat] } };

/** Several: the avatars, four at most with "+1", and "5 others are here"; the names are the tooltip. */
export const Several: Story = { args: { others: [dana, pat, alex, sam, robin] } };

/** Nobody else: nothing beside the heading. */
export const None: Story = { args: { others: [] } };
