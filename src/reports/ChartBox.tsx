import { Box } from '@mui/material';
import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The chart's place: as wide as its card (a phone's 390 px included, never wider), at least the
 * chart's height (its legend comes on top), and the chart drawn at the width measured here, so the chart needs no size of its own and a
 * page without layout (a unit test) draws none. Labelled as one image: its numbers are in the
 * table beneath it, which a screen reader reads.
 *
 * The chart is drawn in a transition: the page (its heading, range, the cards and their numbers)
 * paints first, and the charts, its costliest part (tens of milliseconds each), follow in slices the
 * browser can paint between, instead of holding the whole first paint back (issue 29).
 */
export function ChartBox({ label, height, children, testId }: { label: string; height: number; children: (width: number) => ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => startTransition(() => setWidth(Math.floor(box.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} role="img" aria-label={label} data-testid={testId} sx={{ width: '100%', minWidth: 0, minHeight: height, overflowX: 'hidden' }}>
      {width > 0 ? children(width) : null}
    </Box>
  );
}
