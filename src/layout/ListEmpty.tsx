import { Box, Typography, type SvgIconProps } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';

export interface ListEmptyProps {
  /** The list's icon (MUI icons are hidden from screen readers: the title says it). */
  icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
  /** What the user may do about it (create, upload); nothing for those who may not. */
  action?: ReactNode;
  testId: string;
}

/** The empty state of a resource list (react-admin's `empty`): icon, title, text and the way out. */
export function ListEmpty({ icon: Icon, title, text, action, testId }: ListEmptyProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid={testId}>
      <Icon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {action ?? null}
    </Box>
  );
}
