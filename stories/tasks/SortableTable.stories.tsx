import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SortableTable, type Positioned } from '../../src/forms/SortableTable';

const STAGES: Positioned[] = [
  { id: 1, name: 'To do', position: 1 },
  { id: 2, name: 'In progress', position: 2 },
  { id: 3, name: 'Waiting on dealer', position: 3 },
  { id: 4, name: 'Done', position: 4 },
];

/** The ordered table with a local "server": a move renumbers the rows; positions out of range are refused in the server's words. */
function Table({ editable }: { editable: boolean }) {
  const [rows, setRows] = useState(STAGES);
  const move = async (row: Positioned, to: number) => {
    if (to < 1) return 'Value must be more than 0';
    if (to > rows.length) return `Value cannot be more than ${rows.length}`;
    const rest = rows.filter((r) => r.id !== row.id);
    rest.splice(to - 1, 0, row);
    setRows(rest.map((r, i) => ({ ...r, position: i + 1 })));
    return null;
  };
  return <SortableTable rows={rows} label="Task stages" editable={editable} onMove={move} columns={[{ key: 'name', label: 'Name', render: (r) => r.name }]} />;
}

const meta = {
  title: 'Tasks/Sortable table',
  component: Table,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

/** With 'edit tasks': drag (mouse, touch, keyboard), up / down and move to position. */
export const Editable: Story = { args: { editable: true } };

/** Without it: the order only shows. */
export const ReadOnly: Story = { args: { editable: false } };
