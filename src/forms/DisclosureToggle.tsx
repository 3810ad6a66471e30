import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button } from '@mui/material';

/**
 * The header of a collapsed part of a form that says how much it holds ("Name in other languages
 * 2 languages filled in"): a button that opens and closes the panel `${id}-panel`, red while the
 * part has a problem. Used by forms/LocalNamesInput and the tasks' notification translations.
 */
export function DisclosureToggle({ id, open, onToggle, failing, title, summary, testId }: { id: string; open: boolean; onToggle: () => void; failing: boolean; title: string; summary: string; testId: string }) {
  return (
    <Button
      id={`${id}-toggle`}
      size="small"
      color={failing ? 'error' : 'primary'}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? `${id}-panel` : undefined}
      startIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />}
      sx={{ textTransform: 'none', textAlign: 'left' }}
      data-testid={`${testId}-toggle`}
    >
      {title}
      <Box component="span" sx={{ ml: 1, color: failing ? 'error.main' : 'text.secondary', fontWeight: 400 }} data-testid={`${testId}-count`}>
        {summary}
      </Box>
    </Button>
  );
}
