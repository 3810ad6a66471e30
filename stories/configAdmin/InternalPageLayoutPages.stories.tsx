import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { DraftPage } from '../../src/config-admin/layouts/api';
import { PageListEditor } from '../../src/config-admin/layouts/PageListEditor';

/** The editor with its own state, as the layout dialog holds it. */
function Editor({ pages, errors }: { pages: DraftPage[]; errors?: Record<string, string> }) {
  const [value, setValue] = useState(pages);
  return <PageListEditor pages={value} onChange={setValue} errors={errors} />;
}

const FRANCHISE: DraftPage[] = [
  { id: 'p1', name: 'About us', template: 'about', sections: ['Our story', 'Meet the team'], notes: 'Manufacturer-approved wording.' },
  { id: 'p2', name: 'Servicing', template: 'service', sections: ['Service menu', 'Online booking', 'MOT'], notes: '' },
  { id: 'p3', name: 'Contact us', template: 'contact', sections: ['Opening hours', 'Enquiry form'], notes: '' },
];

const meta = {
  title: 'Config admin/Internal page layout pages',
  component: Editor,
} satisfies Meta<typeof Editor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A layout's pages in order: each editable, moved up or down, removed; "Add a page" at the end. */
export const Pages: Story = { args: { pages: FRANCHISE } };

/** A new layout: no pages yet. */
export const Empty: Story = { args: { pages: [] } };

/** The server refused the save: its words under the fields it names. */
export const Refused: Story = {
  args: {
    pages: [FRANCHISE[0], { ...FRANCHISE[0], id: 'p9', name: 'about us' }, { name: '', template: 'standard', sections: [], notes: '' }],
    errors: { 'pages.1.name': 'Two pages of a layout cannot share a name.', 'pages.2.name': 'Every page needs a name.' },
  },
};
