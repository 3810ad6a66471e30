import type { ChartsLabelCustomMarkProps } from '@mui/x-charts/ChartsLabel';

/**
 * The trend's legend and tooltip marks drawn as each series is drawn: a short stretch of its line
 * (gone live dashed, started solid) through its point's shape (a hollow circle, a hollow square, as the chart's points). The chart's
 * default mark is a filled square for both, which tells the lines apart by colour alone.
 */
function LineMark({ color, className, dashed, square }: ChartsLabelCustomMarkProps & { dashed: boolean; square: boolean }) {
  return (
    <svg className={className} width="28" height="12" viewBox="0 0 28 12" aria-hidden="true" focusable="false">
      <line x1="1" y1="6" x2="27" y2="6" stroke={color} strokeWidth="2" strokeDasharray={dashed ? '6 4' : undefined} />
      {square ? <rect x="10" y="2" width="8" height="8" fill="#ffffff" stroke={color} strokeWidth="2" /> : <circle cx="14" cy="6" r="4" fill="#ffffff" stroke={color} strokeWidth="2" />}
    </svg>
  );
}

export const StartedMark = (props: ChartsLabelCustomMarkProps) => <LineMark {...props} dashed={false} square={false} />;
export const LiveMark = (props: ChartsLabelCustomMarkProps) => <LineMark {...props} dashed square />;
