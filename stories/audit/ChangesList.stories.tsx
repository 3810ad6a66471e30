import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChangesList } from '../../src/audit/ChangesList';

/** Issue 58: the fields an audit log entry changed, as the audit log lists them. */
const meta = {
  title: 'Audit log/Changes',
  component: ChangesList,
  args: {
    changes: {
      cost: { before: '49.00', after: '56.00' },
      description: { before: 'Stock on showroom screens.', after: 'Stock and offers on showroom screens.' },
    },
  },
} satisfies Meta<typeof ChangesList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A product's price and description changed. */
export const Changed: Story = {};

/** A user created: their password only as "changed", never its value. */
export const Created: Story = {
  args: { changes: { name: { before: null, after: 'Newt New' }, email: { before: null, after: 'newt@demo.test' }, password_hash: { masked: true } } },
};

/** A media file replaced: its bytes are not copied into the log. */
export const FileReplaced: Story = { args: { changes: { alt: { before: 'Showroom', after: 'The showroom at night' }, data: { omitted: true } } } };

/** A long value shortened, as in a layout's data. */
export const LongValue: Story = { args: { changes: { data: { before: { blocks: Array.from({ length: 20 }, (_, i) => ({ id: i, text: 'Opening hours' })) }, after: null } } } };
