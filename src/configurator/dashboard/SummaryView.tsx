import { Box, Typography } from '@mui/material';
// The slot's own module: the overview loads no form renderer.
import { useFieldAddons, type FieldAddonTarget } from '../../../engine/react/fieldAddons';
import { EMPTY_TEXT, type SummaryField, type SummaryValue } from './summary';

const textOf = (value: SummaryValue): string | null => {
  if (value.kind === 'text') return value.text;
  if (value.kind === 'list') return value.items.join(', ');
  if (value.kind === 'lines') return value.lines.join(', ');
  if (value.kind === 'empty') return EMPTY_TEXT;
  return null;
};

/**
 * What the page's host puts beside a row (the overview's review markers), asked through the
 * engine's field-addons slot as the stage form asks it: nothing without a host. Never on paper.
 */
export function SummaryAside(target: FieldAddonTarget) {
  const addon = useFieldAddons()?.render(target);
  if (addon === null || addon === undefined || addon === false) return null;
  return (
    <Box component="span" className="no-print" sx={{ display: 'inline-flex', verticalAlign: 'middle', my: -0.75, ml: 0.5 }}>
      {addon}
    </Box>
  );
}

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
        <SummaryAside pointer={field.pointer} label={field.label} kind={text === null ? 'group' : 'value'} />
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-field={field.key} data-empty={field.value.kind === 'empty' || undefined}>
        {text ?? <SummaryBlock value={field.value} depth={depth + 1} />}
      </Typography>
    </>
  );
}

type Items = Extract<SummaryValue, { kind: 'items' }>['items'];

/**
 * How a list of objects reads: each item under its title, a field repeating the title (a
 * franchise's name) said once, as the title; `compact` when every item holds at most one value,
 * read as a plain bulleted list.
 */
function itemsLayout(value: Extract<SummaryValue, { kind: 'items' }>): { compact: boolean; items: Items } {
  const items = value.items.map((item) => ({ ...item, fields: item.fields.filter((f) => !(f.value.kind === 'text' && f.value.text === item.title)) }));
  const filled = items.map((item) => ({ ...item, fields: item.fields.filter((f) => f.value.kind !== 'empty') }));
  const compact = filled.every((item) => item.fields.length <= 1 && (item.fields.length === 0 || textOf(item.fields[0].value) !== null));
  return compact ? { compact, items: filled } : { compact, items };
}

/**
 * An object's fields, or a list of objects each under its own title; a list whose items hold at
 * most one value each (a franchise, a phone number) reads as a plain bulleted list.
 */
export function SummaryBlock({ value, depth = 0 }: { value: SummaryValue; depth?: number }) {
  if (value.kind === 'fields') return <SummaryFields fields={value.fields} depth={0} />;
  if (value.kind !== 'items') return <>{textOf(value)}</>;
  const { compact, items } = itemsLayout(value);
  if (compact) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item, i) => {
          const text = item.fields.length ? textOf(item.fields[0].value) : null;
          return (
            <li key={i}>
              {text === null ? item.title : item.named ? `${item.title}: ${text}` : text}
              <SummaryAside pointer={item.pointer} label={item.title} kind="group" />
            </li>
          );
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
            <SummaryAside pointer={item.pointer} label={item.title} kind="group" />
          </Typography>
          <SummaryFields fields={item.fields} depth={depth > 2 ? 1 : 0} />
        </Box>
      ))}
    </Box>
  );
}

/** A stage of one object or one list (most are) shows its content without repeating the stage's name. */
export const showsContentOnly = (fields: SummaryField[]) => fields.length === 1 && (fields[0].value.kind === 'fields' || fields[0].value.kind === 'items');

/** A stage's rows as the overview shows them: its one object's or list's content, or its fields. */
export function StageSummaryView({ fields }: { fields: SummaryField[] }) {
  return showsContentOnly(fields) ? <SummaryBlock value={fields[0].value} /> : <SummaryFields fields={fields} />;
}

/**
 * The pointers of a stage's rows and list items `StageSummaryView` shows (where an aside can sit):
 * what is inside a row shown as text (an address's lines, a list of names) has no row of its own.
 */
export function shownPointers(fields: SummaryField[]): string[] {
  const out: string[] = [];
  const inFields = (list: SummaryField[]) => {
    for (const f of list) {
      out.push(f.pointer);
      inValue(f.value);
    }
  };
  const inValue = (value: SummaryValue) => {
    if (value.kind === 'fields') inFields(value.fields);
    if (value.kind !== 'items') return;
    const { compact, items } = itemsLayout(value);
    for (const item of items) {
      out.push(item.pointer);
      if (!compact) inFields(item.fields);
    }
  };
  if (showsContentOnly(fields)) inValue(fields[0].value);
  else inFields(fields);
  return out;
}
