import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { getUiOptions, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { formController } from '../context';
import type { StageController } from '../controller';
import { useConfiguratorT } from '../i18n';
import type { Path } from '../paths';
import { ScrollableTableBox } from './ScrollableTableBox';
import { itemSchema, objectEntries } from './structure';
import { useStable } from './useStable';
import { useErrorsAt, useValueAt } from './useStore';

interface GridColumn {
  name: string;
  title: string;
  kind: 'boolean' | 'text';
}

interface CellProps {
  controller: StageController;
  /** The weekday's path; the cell's value is `[...path, name]`. */
  path: Path;
  name: string;
  id: string;
  label: string;
  disabled: boolean;
}

interface DayRowProps {
  controller: StageController;
  path: Path;
  label: string;
  columns: GridColumn[];
  idPrefix: string;
  disabled: boolean;
}

// Styles for the whole grid in one class: a cell that renders (its messages, a checkbox) has no
// style to work out again (a styled or sx'd element serialises its styles on every render).
const Grid = styled(Table)(({ theme }) => ({
  '& .opening-hours-cell': { paddingLeft: 4, paddingRight: 4 },
  '& .opening-hours-input': {
    width: '6.5em',
    font: 'inherit',
    fontSize: 14,
    padding: '4px',
    border: 0,
    borderBottom: `1px solid ${theme.palette.divider}`,
    background: 'transparent',
    color: theme.palette.text.primary,
    outline: 'none',
    '&:focus': { borderBottomColor: theme.palette.primary.main, borderBottomWidth: 2 },
    '&[aria-invalid="true"]': { borderBottomColor: theme.palette.error.main, color: theme.palette.error.main },
    '&:disabled': { color: theme.palette.text.disabled },
  },
}));

/** The value and errors of a checkbox cell, and its setter: only this cell re-renders when they change. */
function useCell(controller: StageController, path: Path, name: string) {
  const cellPath = useMemo(() => [...path, name], [path, name]);
  const value = useValueAt(controller, cellPath);
  const errors = (useErrorsAt(controller, cellPath) as { __errors?: string[] } | undefined)?.__errors;
  const set = useCallback((next: unknown) => controller.setAt(cellPath, next), [controller, cellPath]);
  return { value, errors, set };
}

/** The text a cell shows for its stored value (cleared cells store nothing). */
const shown = (value: unknown) => (value as string | undefined) ?? '';

/**
 * A time cell as an uncontrolled input: the browser keeps what the user types, the store is told on
 * every change, and a value that comes from elsewhere (a rule, Reset, the server's copy) is written
 * into the input directly. A keystroke therefore renders nothing in React: with a controlled input
 * React walked from the root of the page down to the cell on every key (stage page bench, issue 10).
 * Only the cell's messages (aria-invalid, title) render, when validation changes them.
 */
const TextCell = memo(function TextCell({ controller, path, name, id, label, disabled }: CellProps) {
  const cellPath = useMemo(() => [...path, name], [path, name]);
  const errors = (useErrorsAt(controller, cellPath) as { __errors?: string[] } | undefined)?.__errors;
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const sync = () => {
      const next = shown(controller.store.getAt(cellPath));
      if (input.current && input.current.value !== next) input.current.value = next;
    };
    sync();
    return controller.store.subscribe(sync);
  }, [controller, cellPath]);
  return (
    <input
      ref={input}
      className="opening-hours-input"
      id={id}
      name={name}
      defaultValue={shown(controller.store.getAt(cellPath))}
      onChange={(e) => controller.setAt(cellPath, e.target.value === '' ? undefined : e.target.value)}
      placeholder="HH:MM"
      disabled={disabled}
      title={errors?.join(' ')}
      aria-label={label}
      aria-invalid={Boolean(errors)}
      inputMode="numeric"
      autoComplete="off"
    />
  );
});

const BooleanCell = memo(function BooleanCell({ controller, path, name, id, label, disabled }: CellProps) {
  const { value, set } = useCell(controller, path, name);
  return <Checkbox id={id} name={name} size="small" checked={Boolean(value)} onChange={(e) => set(e.target.checked)} disabled={disabled} slotProps={{ input: { 'aria-label': label } }} />;
});

/** One weekday: its cells read their own values, so the row itself renders once. */
const DayRow = memo(function DayRow({ controller, path, label, columns, idPrefix, disabled }: DayRowProps) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </TableCell>
      {columns.map((c) => {
        const Cell = c.kind === 'boolean' ? BooleanCell : TextCell;
        return (
          <TableCell key={c.name} padding="checkbox" className="opening-hours-cell">
            <Cell controller={controller} path={path} name={c.name} id={`${idPrefix}_${c.name}`} label={`${label} ${c.title}`} disabled={disabled} />
          </TableCell>
        );
      })}
    </TableRow>
  );
});

/**
 * `"ui:field": "openingHours"`: a week of opening hours (weekday -> appt, dual, open, close, open2,
 * close2) as one compact grid. Each cell reads its own value from the store; a time cell is an
 * uncontrolled input, so a keystroke renders nothing in React (stage page bench: the grid's share).
 * Works on an object keyed by weekday or an array of days (label from `ui:options.labelKey`, default "day").
 * @example { "days": { "ui:field": "openingHours" } }
 */
export function OpeningHoursField(props: FieldProps) {
  const { schema, uiSchema, registry, fieldPathId, disabled, readonly } = props;
  const controller = formController(registry);
  const t = useConfiguratorT();
  const options = getUiOptions(uiSchema);
  const isArray = schema.type === 'array';
  const value = useValueAt(controller, isArray ? fieldPathId.path : null);
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title;

  const rows = useStable(useMemo(() => {
    if (isArray) {
      const labelKey = (options.labelKey as string | undefined) ?? 'day';
      const list = Array.isArray(value) ? value : [];
      return list.map((d, i) => ({
        name: i as string | number,
        label: t(String((d as Record<string, unknown>)?.[labelKey] ?? i + 1), { defaultValue: String((d as Record<string, unknown>)?.[labelKey] ?? i + 1) }),
      }));
    }
    return objectEntries(schema, uiSchema, registry).map((e) => ({ name: e.name as string | number, label: (e.schema.title as string | undefined) ?? t(`days.${e.name}`, { defaultValue: String(e.name) }) }));
  }, [isArray, value, options.labelKey, schema, uiSchema, registry, t]));

  const columns = useStable(useMemo<GridColumn[]>(() => {
    const daySchema: RJSFSchema = isArray
      ? itemSchema(schema, registry)
      : registry.schemaUtils.retrieveSchema((Object.values(registry.schemaUtils.retrieveSchema(schema).properties ?? {})[0] as RJSFSchema) ?? {});
    const propsOf = (daySchema.properties ?? {}) as Record<string, RJSFSchema>;
    const wanted = (options.columns as string[] | undefined) ?? Object.keys(propsOf).filter((k) => k !== ((options.labelKey as string | undefined) ?? 'day'));
    return wanted
      .filter((n) => propsOf[n])
      .map((n) => ({ name: n, title: propsOf[n].title ?? t(`hours.${n}`, { defaultValue: n }), kind: propsOf[n].type === 'boolean' ? 'boolean' : 'text' }));
  }, [isArray, schema, registry, options.columns, options.labelKey, t]));

  // Keyed on the path's contents: rjsf hands the field a new fieldPathId on every render, and new
  // row paths would re-render every row.
  const pathKey = fieldPathId.path.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `pathKey` stands for the path
  const rowPaths = useMemo(() => rows.map((r) => [...fieldPathId.path, r.name]), [rows, pathKey]);
  return (
    <HoursGrid
      controller={controller}
      title={title && uiSchema?.['ui:label'] !== false ? title : undefined}
      label={title ?? t('fields.hours', { defaultValue: 'Opening hours' })}
      scrollHint={t('form.scrollHint', { defaultValue: 'Scroll sideways to see every column' })}
      rows={rows}
      rowPaths={rowPaths}
      columns={columns}
      idPrefix={fieldPathId.$id}
      disabled={Boolean(disabled || readonly)}
    />
  );
}

interface HoursGridProps {
  controller: StageController;
  title?: string;
  label: string;
  scrollHint: string;
  rows: Array<{ name: string | number; label: string }>;
  rowPaths: Path[];
  columns: GridColumn[];
  idPrefix: string;
  disabled: boolean;
}

/**
 * The grid itself, memoised on props that keep their identity while the rows and columns do: rjsf
 * renders the field again on every keystroke in its item, and the grid then stays as it is.
 */
const HoursGrid = memo(function HoursGrid({ controller, title, label, scrollHint, rows, rowPaths, columns, idPrefix, disabled }: HoursGridProps) {
  return (
    <Box className="stage-opening-hours" sx={{ mb: 2 }}>
      {title && (
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      <ScrollableTableBox hint={scrollHint}>
        <Grid size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell />
              {columns.map((c) => (
                <TableCell key={c.name} padding="checkbox" className="opening-hours-cell">
                  {c.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <DayRow key={String(r.name)} controller={controller} path={rowPaths[i]} label={r.label} columns={columns} idPrefix={`${idPrefix}_${r.name}`} disabled={disabled} />
            ))}
          </TableBody>
        </Grid>
      </ScrollableTableBox>
    </Box>
  );
});
