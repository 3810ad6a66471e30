import SearchIcon from '@mui/icons-material/Search';
import { Box, ButtonBase, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchApi } from './api';
import { SearchDialog } from './SearchDialog';
import { isMac, useSearchShortcut } from './useSearchShortcut';

/**
 * The one search in the top bar (issue 58; App.tsx hands it to the layout): from md up a field-like
 * button saying "Search…" and its shortcut in the room the bar has left (its icon alone where the
 * bar is full), below md an icon button; either, and Ctrl-K / Cmd-K from anywhere, opens the search
 * dialog (the whole screen on a phone).
 */
export function SearchBox({ api }: { api?: SearchApi }) {
  const { t } = useTranslation('common', { keyPrefix: 'search' });
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  useSearchShortcut(show);
  const shortcut = isMac() ? t('shortcutMac') : t('shortcut');
  const common = { onClick: show, 'aria-haspopup': 'dialog', 'aria-keyshortcuts': 'Control+K Meta+K', 'data-testid': 'search-open' } as const;
  return (
    <>
      {narrow ? (
        <Tooltip title={`${t('label')} (${shortcut})`} disableFocusListener>
          <IconButton color="inherit" aria-label={t('label')} {...common}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <ButtonBase
          // Its name holds the words it shows ("Search… Ctrl K"): a name other than its visible text
          // fails WCAG 2.5.3 (label in name) for those who speak to click it.
          aria-label={`${t('box')} ${shortcut}`}
          {...common}
          sx={{
            // The bar is full at most widths (company search, language, greeting, account links):
            // the box takes only the room left over (up to 240 px; it grows ten times faster than the
            // product name beside it, which holds only empty space beyond its words), from its icon
            // alone up, showing the word, then the shortcut, as its own width allows (container queries).
            flex: '10 0 40px',
            maxWidth: 240,
            containerType: 'inline-size',
            overflow: 'hidden',
            gap: 1,
            height: 40,
            px: 1.25,
            justifyContent: 'flex-start',
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'text.secondary',
            typography: 'body1',
            // The word drops out whole rather than cut ("Recher…"): below the room for the longest
            // one ("Recherche…") beside the icon; the shortcut below the room for both.
            '@container (max-width: 180px)': { '& kbd': { display: 'none' } },
            '@container (max-width: 120px)': { '& .search-box-word': { display: 'none' } },
          }}
        >
          <SearchIcon fontSize="small" sx={{ flexShrink: 0 }} />
          <Box component="span" className="search-box-word" sx={{ flex: 1, minWidth: 0, textAlign: 'left', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {t('box')}
          </Box>
          <Box component="kbd" sx={{ flexShrink: 0, fontFamily: 'inherit', fontSize: '0.75rem', px: 0.75, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {shortcut}
          </Box>
        </ButtonBase>
      )}
      <SearchDialog open={open} onClose={close} fullScreen={phone} api={api} />
    </>
  );
}
