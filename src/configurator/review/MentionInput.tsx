import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ReviewPerson } from './api';
import { insertMention, mentionQuery } from './mentions';

const MAX_OPTIONS = 6;

export interface MentionInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Who may be mentioned; `onNeedPeople` is called the first time the user types `@`. */
  people: readonly ReviewPerson[];
  onNeedPeople?(): void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?(): void;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: string;
  helperText?: string;
  testId?: string;
}

/**
 * A comment box: type `@` and a few letters, pick a person (arrows and Enter, or the pointer) and
 * `@[Name](user:ID)` goes into the text.
 */
export function MentionInput({ label, value, onChange, people, onNeedPeople, onSubmit, disabled, autoFocus, error, helperText, testId }: MentionInputProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const q = (query ?? '').toLowerCase();
  const options = query === null ? [] : people.filter((p) => p.name.toLowerCase().includes(q)).slice(0, MAX_OPTIONS);
  const open = options.length > 0;

  const follow = (text: string, caret: number) => {
    const at = mentionQuery(text, caret);
    if (at && query === null) onNeedPeople?.();
    setQuery(at ? at.query : null);
    setActive(0);
  };

  const pick = (person: ReviewPerson) => {
    const el = input.current;
    const caret = el?.selectionStart ?? value.length;
    const next = insertMention(value, caret, person);
    onChange(next.text);
    setQuery(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(options[Math.min(active, options.length - 1)]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit?.();
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        label={label}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        size="small"
        disabled={disabled}
        autoFocus={autoFocus}
        error={!!error}
        helperText={error ?? helperText}
        inputRef={input}
        slotProps={{
          htmlInput: {
            'data-testid': testId,
            'aria-autocomplete': 'list',
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open ? optionId(Math.min(active, options.length - 1)) : undefined,
          },
        }}
      />
      {open && (
        <Paper elevation={4} sx={{ position: 'absolute', zIndex: 2, left: 0, right: 0, mt: 0.5, maxWidth: 360 }}>
          <List dense id={listId} role="listbox" aria-label={t('configPages.review.mentionPeople')} data-testid="mention-options">
            {options.map((person, i) => (
              <ListItemButton
                key={person.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                selected={i === active}
                // Keep the focus in the box: a pick must not blur it first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(person)}
              >
                {person.name}
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
