import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { IconUploader, type IconChoice } from '../../src/tasks/IconUploader';
import { SAMPLE_TYPES } from './sampleTypes';

/** The uploader with its own state, as the type dialog holds it. */
function Uploader({ name, currentUrl, error }: { name: string; currentUrl: string | null; error?: string }) {
  const [value, setValue] = useState<IconChoice>({ file: null, remove: false });
  return <IconUploader name={name} currentUrl={currentUrl} value={value} onChange={setValue} error={error} />;
}

const meta = {
  title: 'Tasks/Icon uploader',
  component: Uploader,
} satisfies Meta<typeof Uploader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new type: no icon yet, "Choose icon". */
export const NoIcon: Story = { args: { name: 'Photography', currentUrl: null } };

/** A type with its icon: the preview, "Replace icon" and "Remove icon". */
export const WithIcon: Story = { args: { name: 'Design', currentUrl: SAMPLE_TYPES[1].iconUrl } };

/** The server refused the file (checked by content): its words under the preview. */
export const Refused: Story = { args: { name: 'Design', currentUrl: null, error: 'The file must be an image (JPEG, PNG, WebP or GIF) or a PDF.' } };
