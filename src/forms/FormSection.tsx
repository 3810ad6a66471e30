import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled part of a resource form: its inputs in two columns from a tablet up, one on a phone.
 * An input with `sx={WIDE}` takes the whole row.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* minmax(0, 1fr): a long value (a slug, a URL) never widens its column past the form. */}
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>{children}</Box>
    </Box>
  );
}

/** An input or block across both columns of a FormSection. */
export const WIDE = { gridColumn: '1 / -1' } as const;
