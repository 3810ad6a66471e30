import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stageFiles } from '../../engine';
import { CascadeToggles } from '../../src/config-admin/rules/CascadeToggles';
import { RulesList } from '../../src/config-admin/rules/RulesList';

/** Cascades drawn, not typed (issue 56): a picking field's cascades as switches, and a stage's rules in words. */
const meta = {
  title: 'Config admin/Cascades',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A schema title in the app's words (the configurator's texts). */
function useWords() {
  const { t } = useTranslation('configurator');
  return (title: string | null) => (title ? t(title, { defaultValue: title.replace(/^configurator:/, '') }) : '');
}

function Editor({ slug, path }: { slug: string; path: string[] }) {
  const words = useWords();
  const [file, setFile] = useState<unknown>(stageFiles[slug]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <CascadeToggles file={file} path={path} words={words} onChange={setFile} />
      <RulesList file={file} words={words} />
    </Stack>
  );
}

/** The franchises of each location: removing a franchise removes it from every location. */
export const LocationFranchises: Story = { render: () => <Editor slug="locations" path={['locations', '[]', 'franchises']} /> };

/** Training's locations: both cascades (strip, and choose the only location while none is chosen). */
export const TrainingLocations: Story = { render: () => <Editor slug="training" path={['training', 'locations']} /> };
