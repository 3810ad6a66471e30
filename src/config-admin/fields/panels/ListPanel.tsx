import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Checkbox, FormControlLabel, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setLayout, setSchemaKey, setUiOption } from '../model/edits';
import type { FieldNode, Json, ListLayout } from '../model/types';
import { LIST_LAYOUTS } from '../palette';
import { useLiveTextOf } from '../useTextOf';
import { NumberOption, SelectOption, SwitchOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/** The table's columns as the form shows them: `columns` as written, else every item field that is not hidden. */
function columnsOf(options: Record<string, Json>, items: FieldNode[]): string[] {
  if (Array.isArray(options.columns)) return options.columns.filter((c): c is string => typeof c === 'string');
  return items.filter((c) => c.kind !== 'hidden').map((c) => c.name);
}

/** Which item fields are a table's columns, in order: tick to show, up / down to order. */
function ColumnPicker({ store, node, apply, disabled, columns }: PanelProps & { columns: string[] }) {
  const { t } = useTranslation('configAdmin');
  const textOf = useLiveTextOf(store);
  const id = pathId(node.path);
  const byName = new Map(node.children.map((c) => [c.name, c]));
  const rest = node.children.filter((c) => !columns.includes(c.name)).map((c) => c.name);
  const write = (next: string[]) => apply((d) => setUiOption(d, node.path, 'columns', next));
  const move = (i: number, by: number) => {
    const next = [...columns];
    const [c] = next.splice(i, 1);
    next.splice(i + by, 0, c);
    write(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid={`columns-${id}`}>
      <Typography variant="subtitle2" component="legend">
        {t(`${W}.list.columns`)}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {[...columns, ...rest].map((name) => {
          const i = columns.indexOf(name);
          const words = textOf(byName.get(name)?.title) || name;
          return (
            <Stack component="li" key={name} direction="row" sx={{ alignItems: 'center', gap: 0.5 }} data-testid="column-row" data-column={name}>
              <FormControlLabel
                sx={{ flex: 1, minWidth: 0, mr: 0 }}
                control={<Checkbox size="small" checked={i >= 0} disabled={disabled} onChange={(e) => write(e.target.checked ? [...columns, name] : columns.filter((c) => c !== name))} slotProps={{ input: { 'data-testid': `column-${name}` } as object }} />}
                label={`${words} (${name})`}
                slotProps={{ typography: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
              />
              {i >= 0 && (
                <>
                  <IconButton size="small" aria-label={t(`${W}.list.columnUp`, { name: words })} disabled={disabled || i === 0} onClick={() => move(i, -1)}>
                    <KeyboardArrowUpIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t(`${W}.list.columnDown`, { name: words })} disabled={disabled || i === columns.length - 1} onClick={() => move(i, 1)}>
                    <KeyboardArrowDownIcon fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * A list of items: its layout (cards, a table, an accordion, tabs, portlets), a table's columns and
 * whether rows are dragged or sorted, the item's title field for the other layouts, what the dealer
 * may do (add, remove, order) and how many items there must be.
 */
export function ListPanel(props: PanelProps) {
  const { store, file, node, apply, disabled } = props;
  const { t } = useTranslation('configAdmin');
  const textOf = useLiveTextOf(store);
  const { schema, options } = partsOf(file, node);
  const id = pathId(node.path);
  const layout = (node.layout ?? 'cards') as ListLayout;
  const flag = (key: string, byDefault: boolean) => (
    <SwitchOption
      key={key}
      label={t(`${W}.list.${key}`)}
      checked={options[key] === undefined ? byDefault : options[key] === true}
      // The engine's default is not written: switching back to it removes the key.
      onChange={(on) => apply((d) => setUiOption(d, node.path, key, on === byDefault ? undefined : on))}
      disabled={disabled}
      testId={`${key}-${id}`}
    />
  );
  return (
    <Stack spacing={1.5} data-testid="panel-list">
      <SelectOption label={t(`${W}.layout`)} value={layout} values={LIST_LAYOUTS} wordsOf={(l) => t(`${W}.listLayouts.${l}`)} onChange={(l) => apply((d) => setLayout(d, node.path, l as ListLayout))} disabled={disabled} testId={`layout-${id}`} />
      {layout === 'table' && <ColumnPicker {...props} columns={columnsOf(options, node.children)} />}
      {layout !== 'table' && layout !== 'cards' && (
        <SelectOption
          label={t(`${W}.list.labelKey`)}
          value={stringOf(options.labelKey)}
          values={['', ...node.children.map((c) => c.name)]}
          wordsOf={(n) => (n ? `${textOf(node.children.find((c) => c.name === n)?.title) || n} (${n})` : t(`${W}.list.noLabelKey`))}
          onChange={(n) => apply((d) => setUiOption(d, node.path, 'labelKey', n || undefined))}
          disabled={disabled}
          testId={`labelKey-${id}`}
        />
      )}
      <Box sx={{ display: 'grid', justifyItems: 'start' }}>
        {layout === 'table' && [flag('reorderable', false), flag('sortable', false)]}
        {flag('addable', true)}
        {flag('removable', true)}
        {layout !== 'table' && flag('orderable', true)}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1 }}>
        <NumberOption label={t(`${W}.minItems`)} value={schema.minItems} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'minItems', v))} disabled={disabled} testId={`minItems-${id}`} step={1} />
        <NumberOption label={t(`${W}.maxItems`)} value={schema.maxItems} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'maxItems', v))} disabled={disabled} testId={`maxItems-${id}`} step={1} />
      </Box>
    </Stack>
  );
}
