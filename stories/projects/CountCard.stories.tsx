import { Box } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { CountCard } from '../../src/tracker/views/CountCard';

const meta = {
  title: 'Projects/Count card',
  component: CountCard,
  decorators: [(Story) => <MemoryRouter><div style={{ maxWidth: 200 }}><Story /></div></MemoryRouter>],
} satisfies Meta<typeof CountCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A view's count, opening its list. */
export const View: Story = { args: { count: 9, label: 'At risk', to: '/projects/filter/at-risk', testId: 'view-at-risk' } };

/** A RAG count, with its dot beside the word (never the colour alone). */
export const Rag: Story = {
  args: {
    count: 5,
    label: 'Red',
    to: '/projects/filter',
    testId: 'rag-red',
    mark: <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'error.main', display: 'inline-block' }} />,
  },
};

/** Nothing counted: still a link, to the empty list. */
export const Zero: Story = { args: { count: 0, label: 'In review', to: '/projects/reviews', testId: 'view-reviews' } };
