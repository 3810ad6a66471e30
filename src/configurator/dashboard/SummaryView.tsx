import { Box, Typography } from '@mui/material';
import { EMPTY_TEXT, type SummaryField, type SummaryValue } from './summary';

const textOf = (value: SummaryValue): string | null => {
  if (value.kind === 'text') return value.text;
  if (value.kind === 'list') return value.items.join(', ');
  if (value.kind === 'lines') return value.lines.join(', ');
  if (value.kind === 'empty') return EMPTY_TEXT;
  return null;
};

/** Label and value pairs as a definition list: two columns when wide, stacked on a phone and on paper stays two. */
export function SummaryFields({ fields, depth = 0 }: { fields: SummaryField[]; depth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 0.75 },
        '@media print': { gridTemplateColumns: '180px 1fr' },
        pl: depth ? 2 : 0,
      }}
    >
      {fields.map((field) => (
        <SummaryRow key={field.key} field={field} depth={depth} />
      ))}
    </Box>
  );
}

function SummaryRow({ field, depth }: { field: SummaryField; depth: number }) {
  const text = textOf(field.value);
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500, pt: { xs: 0.75, sm: 0 } }}>
        {field.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-field={field.key} data-empty={field.value.kind === 'empty' || undefined}>
        {text ?? <SummaryBlock value={field.value} depth={depth + 1} />}
      </Typography>
    </>
  );
}

/**
 * An object's fields, or a list of objects each under its own title; a list whose items hold at
 * most one value each (a franchise, a phone number) reads as a plain bulleted list.
 */
export function SummaryBlock({ value, depth = 0 }: { value: SummaryValue; depth?: number }) {
  if (value.kind === 'fields') return <SummaryFields fields={value.fields} depth={0} />;
  if (value.kind !== 'items') return <>{textOf(value)}</>;
  // A field repeating the item's title (a franchise's name) is said once, as the title.
  const items = value.items.map((item) => ({ ...item, fields: item.fields.filter((f) => !(f.value.kind === 'text' && f.value.text === item.title)) }));
  const compact = items.map((item) => ({ ...item, fields: item.fields.filter((f) => f.value.kind !== 'empty') }));
  if (compact.every((item) => item.fields.length <= 1 && (item.fields.length === 0 || textOf(item.fields[0].value) !== null))) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {compact.map((item, i) => {
          const text = item.fields.length ? textOf(item.fields[0].value) : null;
          return <li key={i}>{text === null ? item.title : item.named ? `${item.title}: ${text}` : text}</li>;
        })}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {items.map((item, i) => (
        <Box key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, breakInside: 'avoid' }} data-testid="summary-item">
          <Typography variant="subtitle2" component="p" gutterBottom>
            {item.title}
          </Typography>
          <SummaryFields fields={item.fields} depth={depth > 2 ? 1 : 0} />
        </Box>
      ))}
    </Box>
  );
}
