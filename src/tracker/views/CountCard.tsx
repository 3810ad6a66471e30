import { Box, Card, CardActionArea, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A count on the projects dashboard that opens the list it counts: the number large, its words
 * under it (both in the link's name: "12 Active"), an optional mark before the words (a RAG dot).
 */
export function CountCard({ count, label, to, mark, testId }: { count: number; label: string; to: string; mark?: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} data-testid={testId} data-count={count} sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start' }}>
        <Typography component="span" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.1 }}>
          {count}
        </Typography>
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          {mark}
          <Typography component="span" variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
