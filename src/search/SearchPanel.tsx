import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, InputBase, LinearProgress, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_LIMITS } from '../../contract/search';
import { useDataWords } from '../i18n/dataWords';
import type { SearchHit } from './api';
import type { SearchGroup, SearchView } from './useSearch';

interface Props {
  text: string;
  onText: (text: string) => void;
  view: SearchView;
  /** The user chose a hit (Enter on the active one, or a click). */
  onOpen: (hit: SearchHit) => void;
  /** Escape. */
  onClose: () => void;
  /** Beside the field: the dialog's close button on a phone. */
  end?: ReactNode;
  /** Whether the keys' legend shows (not on a phone: no keyboard). */
  legend?: boolean;
}

const NO_GROUPS: readonly SearchGroup[] = [];
const hitKey = (hit: SearchHit) => `${hit.kind}-${hit.id}`;

/**
 * The one search's dialog content (issue 58), WAI-ARIA's combobox with a listbox popup: the focus
 * stays in the field, ArrowUp/ArrowDown move the active option across the kinds' groups (wrapping),
 * `aria-activedescendant` names it so a screen reader reads it out, Enter opens it, Escape closes.
 * Each kind is a `group` labelled by its heading. A polite status line says how many were found (or
 * that none were); the hint, "Searching…", "No results for …" and a failure show in words.
 */
export function SearchPanel({ text, onText, view, onOpen, onClose, end, legend = true }: Props) {
  const { t } = useTranslation('common', { keyPrefix: 'search' });
  const words = useDataWords();
  const ids = useId();
  const listId = `${ids}-list`;
  const optionId = (hit: SearchHit) => `${ids}-${hitKey(hit)}`;
  const groups = view.state === 'results' || view.state === 'searching' ? view.groups : NO_GROUPS;
  const hits = groups.flatMap((g) => g.hits);
  // The active option by identity, so a new answer keeps it when it still holds it, else the first.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = hits.find((h) => hitKey(h) === activeKey) ?? hits[0];

  const move = (by: 1 | -1) => {
    if (!hits.length) return;
    const at = active ? hits.indexOf(active) : -1;
    const next = hits[(at + by + hits.length) % hits.length];
    setActiveKey(hitKey(next));
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active) onOpen(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  const title = (hit: SearchHit) =>
    hit.kind === 'project' ? words.project(hit.title, hit.subtitle) : hit.kind === 'task' ? words.task({ name: hit.title }) : hit.title;

  const status =
    view.state === 'searching' ? t('searching') : view.state === 'results' ? t('found', { count: hits.length }) : view.state === 'none' ? t('none', { q: view.q }) : '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }} data-testid="search-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <SearchIcon color="action" />
        <InputBase
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          autoFocus
          fullWidth
          sx={{ fontSize: '1.125rem' }}
          inputProps={{
            role: 'combobox',
            'aria-label': t('label'),
            'aria-autocomplete': 'list',
            'aria-expanded': hits.length > 0,
            // The list is there only while it holds options (an empty listbox is an ARIA error).
            'aria-controls': hits.length ? listId : undefined,
            'aria-activedescendant': active ? optionId(active) : undefined,
            maxLength: SEARCH_LIMITS.queryMax,
            spellCheck: false,
            autoComplete: 'off',
            'data-testid': 'search-input',
          }}
        />
        {end}
      </Box>
      {/* Reserved height: the list does not jump as the bar comes and goes. */}
      <Box sx={{ height: 2 }}>{view.state === 'searching' ? <LinearProgress sx={{ height: 2 }} aria-hidden /> : null}</Box>
      <Box role="status" sx={visuallyHidden} data-testid="search-status">
        {status}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {view.state === 'failed' ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="search-failed">
            {view.words ?? t('failed')}
          </Alert>
        ) : null}
        {view.state === 'idle' ? <Message testId="search-hint">{t('hint')}</Message> : null}
        {view.state === 'none' ? <Message testId="search-none">{t('none', { q: view.q })}</Message> : null}
        {view.state === 'searching' && !hits.length ? <Message testId="search-searching">{t('searching')}</Message> : null}
        {hits.length ? (
        <Box role="listbox" id={listId} aria-label={t('results')} sx={{ py: 1 }}>
          {groups.map((group) =>
            group.hits.length ? (
              <Box key={group.kind} role="group" aria-labelledby={`${ids}-${group.kind}`} data-testid={`search-group-${group.kind}`}>
                <Typography
                  id={`${ids}-${group.kind}`}
                  role="presentation"
                  variant="overline"
                  component="div"
                  sx={{ px: 2, pt: 1, color: 'text.secondary', fontWeight: 600, lineHeight: 2 }}
                >
                  {t(`kinds.${group.kind}`)}
                </Typography>
                {group.hits.map((hit) => {
                  const selected = hit === active;
                  return (
                    <Box
                      key={hitKey(hit)}
                      id={optionId(hit)}
                      role="option"
                      aria-selected={selected}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => !selected && setActiveKey(hitKey(hit))}
                      onClick={() => onOpen(hit)}
                      data-testid="search-option"
                      sx={{
                        px: 2,
                        py: 0.75,
                        cursor: 'pointer',
                        // The active one's bar inside its box: the words stay in line with the heading's.
                        boxShadow: (theme) => (selected ? `inset 3px 0 0 ${theme.palette.primary.main}` : 'none'),
                        bgcolor: selected ? 'action.selected' : undefined,
                      }}
                    >
                      <Typography noWrap>{title(hit)}</Typography>
                      {hit.subtitle ? (
                        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                          {hit.subtitle}
                        </Typography>
                      ) : null}
                    </Box>
                  );
                })}
              </Box>
            ) : null,
          )}
        </Box>
        ) : null}
      </Box>
      {legend ? <KeysLegend /> : null}
    </Box>
  );
}

function Message({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }} data-testid={testId}>
      {children}
    </Typography>
  );
}

const Key = ({ children }: { children: ReactNode }) => (
  <Box component="kbd" sx={{ fontFamily: 'inherit', fontSize: '0.75rem', px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default' }}>
    {children}
  </Box>
);

/** How the keys work, under the list: ↑ ↓ to move, Enter to open, Esc to close. */
function KeysLegend() {
  const { t } = useTranslation('common', { keyPrefix: 'search' });
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: 2, py: 1, borderTop: 1, borderColor: 'divider', color: 'text.secondary', typography: 'body2' }}
      data-testid="search-legend"
    >
      <span>
        <Key>↑</Key> <Key>↓</Key> {t('keysMove')}
      </span>
      <span>
        <Key>{t('keyEnter')}</Key> {t('keysOpen')}
      </span>
      <span>
        <Key>{t('keyEscape')}</Key> {t('keysClose')}
      </span>
    </Box>
  );
}
