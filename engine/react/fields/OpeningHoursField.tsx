import { memo, useCallback, useMemo, type ChangeEvent } from 'react';
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
import { itemSchema, objectEntries } from './structure';
import { useStable } from './useStable';
import { useErrorsAt, useValueAt } from './useStore';

interface GridColumn {
  name: string;
  title: string;
  kind: 'boolean' | 'text';
}

interface DayRowProps {
  controller: StageController;
  path: Path;
  label: string;
  columns: GridColumn[];
  idPrefix: string;
  disabled: boolean;
}

// A native input with one static style: the grid holds many cells and only their values change.
const CellInput = styled('input')(({ theme }) => ({
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
}));

/** One weekday: memoised on its data's identity (immer keeps the other days identical). */
const DayRow = memo(function DayRow({ controller, path, label, columns, idPrefix, disabled }: DayRowProps) {
  const day = useValueAt(controller, path) as Record<string, unknown> | undefined;
  const errors = useErrorsAt(controller, path) as Record<string, { __errors?: string[] }> | undefined;
  const onText = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => controller.setAt([...path, e.target.name], e.target.value === '' ? undefined : e.target.value),
    [controller, path],
  );
  const onCheck = useCallback((e: ChangeEvent<HTMLInputElement>) => controller.setAt([...path, e.target.name], e.target.checked), [controller, path]);
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </TableCell>
      {columns.map((c) => {
        const id = `${idPrefix}_${c.name}`;
        const err = errors?.[c.name]?.__errors;
        return (
          <TableCell key={c.name} padding="checkbox" sx={{ px: 0.5 }}>
            {c.kind === 'boolean' ? (
              <Checkbox id={id} name={c.name} size="small" checked={Boolean(day?.[c.name])} onChange={onCheck} disabled={disabled} slotProps={{ input: { 'aria-label': `${label} ${c.title}` } }} />
            ) : (
              <CellInput
                id={id}
                name={c.name}
                value={(day?.[c.name] as string | undefined) ?? ''}
                onChange={onText}
                placeholder="HH:MM"
                disabled={disabled}
                title={err?.join(' ')}
                aria-label={`${label} ${c.title}`}
                aria-invalid={Boolean(err)}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

/**
 * `"ui:field": "openingHours"`: a week of opening hours (weekday -> appt, dual, open, close, open2,
 * close2) as one compact grid. Rows are memoised on their data, so a keystroke re-renders one row.
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

  const rowPaths = useMemo(() => rows.map((r) => [...fieldPathId.path, r.name]), [rows, fieldPathId]);
  return (
    <Box className="stage-opening-hours" sx={{ mb: 2, overflowX: 'auto' }}>
      {title && uiSchema?.['ui:label'] !== false && (
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      <Table size="small" aria-label={title ?? t('fields.hours', { defaultValue: 'Opening hours' })}>
        <TableHead>
          <TableRow>
            <TableCell />
            {columns.map((c) => (
              <TableCell key={c.name} padding="checkbox" sx={{ px: 0.5 }}>
                {c.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <DayRow
              key={String(r.name)}
              controller={controller}
              path={rowPaths[i]}
              label={r.label}
              columns={columns}
              idPrefix={`${fieldPathId.$id}_${r.name}`}
              disabled={Boolean(disabled || readonly)}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
