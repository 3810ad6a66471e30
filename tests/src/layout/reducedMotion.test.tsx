// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeFor } from '../../../src/theme';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A panel and a dialog that one button folds away and closes, as the app's sections and dialogs do. */
function Folding() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(false)}>Fold</Button>
      <Collapse in={open} unmountOnExit>
        <p>Panel</p>
      </Collapse>
      <Dialog open={open} disablePortal hideBackdrop disableEnforceFocus>
        <p>Dialog</p>
      </Dialog>
    </>
  );
}

/** The app's theme for English, as react-admin builds it from the options. */
const built = (still?: boolean) => createTheme(themeFor('en-GB', still) as Parameters<typeof createTheme>[0]);

describe('reduced motion (the visitor\'s system setting)', () => {
  it('is read from prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }));
    expect(built().transitions.create('opacity')).toBe('none');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    expect(built().transitions.create('opacity')).not.toBe('none');
  });

  it('folds a panel away and closes a dialog at once, and keeps buttons from rippling; without it both take their time', () => {
    vi.useFakeTimers();
    try {
      for (const still of [true, false]) {
        render(
          <ThemeProvider theme={built(still)}>
            <Folding />
          </ThemeProvider>,
        );
        const button = screen.getByRole('button', { name: 'Fold', hidden: true });
        // Pressed as a pointer does (the ripple starts on the press), then clicked.
        fireEvent.mouseDown(button);
        fireEvent.mouseUp(button);
        act(() => button.click());
        // A zero duration ends the transition on the next tick; the default one takes a few hundred ms.
        act(() => vi.advanceTimersByTime(1));
        expect(screen.queryByText('Panel') === null).toBe(still);
        expect(screen.queryByText('Dialog') === null).toBe(still);
        expect(button.querySelector('.MuiTouchRipple-root') === null).toBe(still);
        cleanup();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the language\'s own texts', () => {
    const still = createTheme(themeFor('fr-FR', true) as Parameters<typeof createTheme>[0]);
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Lignes par page :');
  });
});
