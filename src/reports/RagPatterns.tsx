import { Box, Stack, Typography } from '@mui/material';
import type { RagStatus } from '../../contract/projects';
import { RAG_COLOURS, RAG_ORDER } from './reportFormat';

/**
 * The RAG fills of the breakdown: green solid, amber with diagonal stripes, red cross-hatched, so a
 * reader who cannot tell the colours apart still tells the stacks apart. The patterns live in one
 * hidden svg; the chart's bars and the legend's swatches fill with `url(#id)`.
 */
export const ragFill = (prefix: string, rag: RagStatus) => `url(#${prefix}-${rag})`;

export function RagPatternDefs({ prefix }: { prefix: string }) {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: 'absolute' }}>
      <defs>
        <pattern id={`${prefix}-green`} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={RAG_COLOURS.green} />
        </pattern>
        <pattern id={`${prefix}-amber`} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill={RAG_COLOURS.amber} />
          <rect width="3" height="8" fill="#ffffff" fillOpacity="0.55" />
        </pattern>
        <pattern id={`${prefix}-red`} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={RAG_COLOURS.red} />
          <path d="M0 0L8 8M8 0L0 8" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="1.5" />
        </pattern>
      </defs>
    </svg>
  );
}

/** The breakdown's legend: each RAG's swatch (its colour and pattern) and its word. */
export function RagLegend({ prefix, words }: { prefix: string; words: Record<RagStatus, string> }) {
  return (
    <Stack direction="row" spacing={2} component="ul" aria-hidden="true" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, flexWrap: 'wrap' }} data-testid="rag-legend">
      {RAG_ORDER.map((rag) => (
        <Box component="li" key={rag} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <svg width="16" height="16" aria-hidden="true" focusable="false">
            <rect width="16" height="16" rx="2" fill={ragFill(prefix, rag)} />
          </svg>
          <Typography variant="body2">{words[rag]}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
