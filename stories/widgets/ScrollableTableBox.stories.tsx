import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ScrollableTableBox } from '../../engine/react';

const COLUMNS = ['Day', 'By appointment', 'Split day', 'Open', 'Close', 'Open (2)', 'Close (2)'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** A table of `columns` columns in a box `width` px wide: the box says when it scrolls sideways. */
function Demo({ width, columns }: { width: number; columns: number }) {
  return (
    <Box sx={{ width }}>
      <ScrollableTableBox hint="Scroll sideways to see every column">
        <Table size="small" aria-label="Opening hours">
          <TableHead>
            <TableRow>
              {COLUMNS.slice(0, columns).map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {DAYS.map((day) => (
              <TableRow key={day}>
                {COLUMNS.slice(0, columns).map((c, i) => (
                  <TableCell key={c}>{i === 0 ? day : '08:30'}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableBox>
    </Box>
  );
}

const meta = {
  title: 'Renderer/ScrollableTableBox',
  component: Demo,
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On a phone: wider than its box, with the hint above and a shadow on the edge with more behind it. */
export const ScrollsOnAPhone: Story = { args: { width: 340, columns: 7 } };

/** A table that fits: no hint, no shadow, nothing clipped. */
export const Fits: Story = { args: { width: 900, columns: 4 } };
