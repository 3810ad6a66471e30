import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { SxProps, Theme } from '@mui/material/styles';

export interface ScrollableTableBoxProps {
  children: ReactNode;
  /** Said above the table while it is wider than its box, e.g. "Scroll sideways to see every column". */
  hint: string;
  /**
   * The table has a sticky header: while the table fits, the box does not clip, so the header sticks
   * to the window as the page scrolls; while it scrolls sideways it is a box as high as the screen,
   * in which the header sticks.
   */
  stickyHeader?: boolean;
  /** Styles of the scrolling box (a border, a Paper's background). */
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

/** Which edges have more table behind them. */
interface Overflow {
  wide: boolean;
  left: boolean;
  right: boolean;
}

const shadow = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 20,
  pointerEvents: 'none',
  zIndex: 4,
  background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0, 0, 0, 0.18), rgba(0, 0, 0, 0))`,
}) as const;

/**
 * The one box every wide table sits in (the configurator's tables and grids, the staff's grids):
 * when the table is wider than the screen (a phone), it scrolls sideways and says so, with a hint
 * line above it and a shadow on each edge that has more columns behind it, rather than silently
 * losing its right-hand columns. When the table fits, nothing shows and nothing clips.
 *
 * @example <ScrollableTableBox hint={t('form.scrollHint')}><Table>...</Table></ScrollableTableBox>
 */
export function ScrollableTableBox({ children, hint, stickyHeader = false, sx, 'data-testid': testId }: ScrollableTableBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ wide: false, left: false, right: false });

  const measure = useCallback(() => {
    const el = box.current;
    const table = el?.querySelector('table');
    if (!el || !table) return;
    // The table's own width, not the box's scrollWidth: while the box does not clip, a table wider
    // than it spills out and the box's scrollWidth would not tell.
    const wide = table.offsetWidth > el.clientWidth + 1;
    const left = wide && el.scrollLeft > 1;
    const right = wide && el.scrollLeft + el.clientWidth < table.offsetWidth - 1;
    setOverflow((o) => (o.wide === wide && o.left === left && o.right === right ? o : { wide, left, right }));
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    // Server-side and jsdom renders have no ResizeObserver: the box is measured once there.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = el.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box data-testid={testId} data-scrolls={overflow.wide ? 'true' : 'false'}>
      {overflow.wide && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }} data-testid="table-scroll-hint">
          <SwapHorizIcon fontSize="small" aria-hidden />
          {hint}
        </Typography>
      )}
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={box}
          onScroll={measure}
          // A box that scrolls is a stop on the keyboard's way, so the keyboard can scroll it too.
          tabIndex={overflow.wide ? 0 : undefined}
          role={overflow.wide ? 'region' : undefined}
          aria-label={overflow.wide ? hint : undefined}
          sx={[
            // Only a table wider than the box makes it a scroll box: one that fits leaves the page to
            // scroll, so a sticky header sticks to the window.
            { overflowX: overflow.wide ? 'auto' : 'visible' },
            stickyHeader && overflow.wide ? { overflowY: 'auto', maxHeight: 'calc(100dvh - 64px)' } : {},
            ...(Array.isArray(sx) ? sx : [sx]),
          ]}
        >
          {children}
        </Box>
        {overflow.left && <Box aria-hidden sx={shadow('left')} data-testid="table-scroll-shadow-left" />}
        {overflow.right && <Box aria-hidden sx={shadow('right')} data-testid="table-scroll-shadow-right" />}
      </Box>
    </Box>
  );
}
