import { Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { PageHeading } from '../layout/PageHeading';

/** The frame of the four template screens: the route's heading, then one sheet that keeps its table within the page's width on a phone. */
export function TaskScreen({ children, dialog }: { children: ReactNode; dialog?: ReactNode }) {
  return (
    <>
      <PageHeading />
      <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>{children}</Paper>
      {dialog}
    </>
  );
}
