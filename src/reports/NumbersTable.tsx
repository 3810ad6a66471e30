import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export interface NumbersTableProps {
  /** The id of the report's heading: the table's name. */
  labelledBy: string;
  testId: string;
  /** The first column's header (what each row is), then the count columns' headers. */
  rowHeader: string;
  columns: string[];
  /** Each row: its key, its header cell's text and its numbers as shown (in the reader's locale). */
  rows: { key: string; header: ReactNode; cells: string[] }[];
  /** A last row in bold (the totals), when the report has one. */
  footer?: { header: ReactNode; cells: string[] };
}

/**
 * A chart's numbers as a table a screen reader reads (row and column headers), scrolled within
 * itself on a narrow screen (focusable, so the keyboard scrolls it too), never the page.
 */
export function NumbersTable({ labelledBy, testId, rowHeader, columns, rows, footer }: NumbersTableProps) {
  const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer tabIndex={0} role="region" aria-labelledby={labelledBy} sx={{ mt: 2, maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} data-testid={testId} sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {rowHeader}
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c} component="th" scope="col" sx={num}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-row={row.key}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.header}
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell key={columns[i]} sx={num}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {footer ? (
            <TableRow data-row="total" sx={{ '& > *': { fontWeight: 700 } }}>
              <TableCell component="th" scope="row">
                {footer.header}
              </TableCell>
              {footer.cells.map((cell, i) => (
                <TableCell key={columns[i]} sx={num}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
