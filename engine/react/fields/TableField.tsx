import { memo, useCallback, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { getUiOptions, toFieldPathId, type FieldPathId, type FieldProps, type Registry, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { formController, type StageFormContext } from '../context';
import type { StageController } from '../controller';
import type { Path } from '../paths';
import { useConfiguratorT } from '../i18n';
import { ChildField } from './ChildField';
import { compactTheme } from './compactTheme';
import { LiveAnnouncement, useAnnouncer } from './LiveAnnouncement';
import { MoveToPosition, type MoveResult } from './MoveToPosition';
import { ScrollableTableBox } from './ScrollableTableBox';
import { ShowMoreButton, usePageLimit } from './ShowMore';
import { checkTargetPosition, moveItem, sortedOrder } from './sorting';
import { itemSchema } from './structure';
import { useItemKeys } from './useItemKeys';
import { listAt, useListEdits } from './useListEdits';
import { useValueAt } from './useStore';

interface Column {
  name: string;
  title: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  required: boolean;
}

interface RowProps {
  controller: StageController;
  registry: Registry;
  fieldPathId: FieldPathId;
  index: number;
  /** 1-based place of the row as shown (the data order, or the sorted view's). */
  position: number;
  rowKey: string;
  columns: Column[];
  draggable: boolean;
  /** Moves the row at data index `from` to a typed 1-based position (shown with `draggable`). */
  onMoveTo: (from: number, position: number) => MoveResult;
  onRemove?: (index: number) => void;
  /** Staff locked this row (`disabled: true`): read only, not removed nor moved, unless `canLock`. */
  locked: boolean;
  /** The viewer may lock and unlock rows (staff): a lock toggle per row, locked rows stay editable. */
  canLock: boolean;
  /** Locks (true) or unlocks the row at data index `index`. */
  onLock: (index: number, locked: boolean) => void;
  /** An actions column is shown (remove, lock): cells of rows with no action keep it empty. */
  actions: boolean;
  disabled?: boolean;
  readonly?: boolean;
  dragLabel: string;
  /** What a screen reader calls the drag handle (dnd-kit's `aria-roledescription`). */
  dragRole: string;
  removeLabel: string;
  lockedLabel: string;
  lockLabel: (position: number) => string;
  unlockLabel: (position: number) => string;
  /** What a cell's control is called, e.g. "Name, row 1": its only visible label is the column header. */
  cellLabel: (column: string, position: number) => string;
}

// Cells align at the top (a field's error text grows it downwards), with a switch or checkbox, which is
// shorter than a text field, nudged to the middle of the field's height.
const cellSx = { verticalAlign: 'top', '& .MuiFormControlLabel-root': { minHeight: 40 } } as const;

/** One row; memoised, and its cells read their own values, so typing re-renders one cell. */
const Row = memo(function Row(p: RowProps) {
  // A dealer cannot change, move or remove a row staff locked (the server refuses it too).
  const readOnlyRow = p.locked && !p.canLock;
  const draggable = p.draggable && !readOnlyRow;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: p.rowKey, disabled: !draggable, attributes: { roleDescription: p.dragRole } });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 };
  const rowPathId = useMemo(() => toFieldPathId(p.index, p.registry.globalFormOptions, p.fieldPathId), [p.index, p.registry, p.fieldPathId]);
  // Each cell's (hidden) label names its control; built once per row and place, so typing (which
  // re-renders only the edited cell) keeps the same uiSchemas.
  const { columns, position, cellLabel } = p;
  const cellUi = useMemo(() => columns.map((c) => ({ ...c.uiSchema, 'ui:title': cellLabel(c.title, position) })), [columns, position, cellLabel]);
  return (
    <TableRow ref={setNodeRef} style={style} data-row-key={p.rowKey} data-locked={p.locked || undefined}>
      {p.draggable && !draggable && <TableCell padding="checkbox" />}
      {draggable && (
        <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
          {/* The handle is keyboard-draggable too (KeyboardSensor: Space, arrows, Space); "Move to…" jumps. */}
          <Tooltip title={p.dragLabel}>
            <IconButton size="small" aria-label={p.dragLabel} {...attributes} {...listeners} sx={{ cursor: 'grab' }}>
              <DragIndicatorIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <MoveToPosition row={p.index + 1} onMove={(position) => p.onMoveTo(p.index, position)} />
        </TableCell>
      )}
      {p.columns.map((c, i) => (
        <TableCell key={c.name} sx={cellSx}>
          <ChildField
            controller={p.controller}
            registry={p.registry}
            parentPathId={rowPathId}
            name={c.name}
            schema={c.schema}
            uiSchema={cellUi[i]}
            required={c.required}
            disabled={p.disabled || readOnlyRow}
            readonly={p.readonly}
          />
        </TableCell>
      ))}
      {p.actions && (
        <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
          {p.canLock ? (
            <Tooltip title={p.locked ? p.unlockLabel(position) : p.lockLabel(position)}>
              <IconButton size="small" aria-label={p.locked ? p.unlockLabel(position) : p.lockLabel(position)} onClick={() => p.onLock(p.index, !p.locked)}>
                {p.locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          ) : (
            p.locked && (
              <Tooltip title={p.lockedLabel}>
                {/* Focusable so its tooltip reaches keyboard users too; its name is the same words. */}
                <Box component="span" role="img" aria-label={p.lockedLabel} tabIndex={0} data-testid="row-locked" sx={{ display: 'inline-flex', verticalAlign: 'middle', p: 0.625, color: 'text.secondary' }}>
                  <LockIcon fontSize="small" />
                </Box>
              </Tooltip>
            )
          )}
          {p.onRemove && !readOnlyRow && (
            <IconButton size="small" aria-label={p.removeLabel} onClick={() => p.onRemove?.(p.index)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      )}
    </TableRow>
  );
});

/**
 * The data indexes of the rows staff locked (`disabled: true`), as a stable string so the table
 * re-renders only when a row is locked or unlocked, not on every keystroke in a cell.
 */
function useLockedRows(controller: StageController, path: Path): ReadonlySet<number> {
  const { store } = controller;
  const cache = useRef<{ list: unknown; key: string } | null>(null);
  const get = useCallback(() => {
    const list = store.getAt(path);
    const hit = cache.current;
    if (hit && hit.list === list) return hit.key;
    const key = Array.isArray(list) ? list.flatMap((row, i) => (isLocked(row) ? [i] : [])).join(',') : '';
    cache.current = { list, key };
    return key;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the path's contents, not its identity
  }, [store, path.join('\u0000')]);
  const key = useSyncExternalStore(store.subscribe, get, get);
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}

const isLocked = (row: unknown) => Boolean(row) && typeof row === 'object' && (row as { disabled?: unknown }).disabled === true;

/** Reads the rows only while a sort is active (the order depends on their values). */
function useDisplayOrder(controller: StageController, path: readonly (string | number)[], count: number, sort: { column: string; direction: 'asc' | 'desc' } | null) {
  const rows = useValueAt(controller, sort ? path : null);
  return useMemo(() => {
    if (!sort || !Array.isArray(rows)) return Array.from({ length: count }, (_, i) => i);
    return sortedOrder(rows, sort.column, sort.direction);
  }, [rows, sort, count]);
}

/**
 * `"ui:field": "table"`: an array of objects as rows. Options: `columns` (property names),
 * `sortable` (click a header to sort the view), `reorderable` (drag rows, with the mouse or the keyboard,
 * or type a row's new 1-based position in its "Move to…" popover, to reorder the data; both are off
 * while a column sort is shown, since positions are those of the data).
 * @example { "franchises": { "ui:field": "table", "ui:options": { "reorderable": true, "sortable": true } } }
 */
export function TableField(props: FieldProps) {
  const { schema, uiSchema, registry, fieldPathId, disabled, readonly } = props;
  const controller = formController(registry);
  const t = useConfiguratorT();
  const options = getUiOptions(uiSchema);
  const keys = useItemKeys(controller, fieldPathId.path);
  const [sort, setSort] = useState<{ column: string; direction: 'asc' | 'desc' } | null>(null);
  const fullOrder = useDisplayOrder(controller, fieldPathId.path, keys.length, sort);
  const { limit, setLimit, showMore } = usePageLimit(options);
  const order = useMemo(() => fullOrder.slice(0, limit), [fullOrder, limit]);
  const hidden = fullOrder.length - order.length;
  const editable = !disabled && !readonly;
  // Staff (StageForm's `canLockRows`) lock and unlock rows; everyone else sees locked rows read only.
  const canLock = editable && Boolean((registry.formContext as Partial<StageFormContext> | undefined)?.canLockRows);
  const lockedRows = useLockedRows(controller, fieldPathId.path);
  const draggable = Boolean(options.reorderable) && editable && !sort;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? props.name;

  const items = useMemo(() => itemSchema(schema, registry), [schema, registry]);
  const columns = useMemo<Column[]>(() => {
    const propsOf = (items.properties ?? {}) as Record<string, RJSFSchema>;
    const wanted = (options.columns as string[] | undefined) ?? Object.keys(propsOf).filter((k) => !(uiSchema?.items as UiSchema | undefined)?.[k]?.['ui:widget']?.toString().includes('hidden'));
    const required = new Set(items.required ?? []);
    const itemUi = (uiSchema?.items ?? {}) as UiSchema;
    return wanted
      .filter((name) => propsOf[name])
      .map((name) => ({
        name,
        title: ((itemUi[name] as UiSchema | undefined)?.['ui:title'] as string | undefined) ?? propsOf[name].title ?? name,
        schema: propsOf[name],
        uiSchema: { ...(itemUi[name] as UiSchema | undefined), 'ui:label': false },
        required: required.has(name),
      }));
  }, [items, options.columns, uiSchema]);

  const path = fieldPathId.path;
  const { add: onAdd, remove: onRemove } = useListEdits(controller, path, registry, items);
  const { message, announce } = useAnnouncer();
  // Dragging (mouse or keyboard) and "Move to…" all reorder through here: one controller edit, so rules
  // run and rows keep their identity; and one announcement, as the move is not otherwise heard.
  const lockedNoMove = t('form.lockedNoMove', { defaultValue: 'A locked row stays where it is: rows cannot be moved past it.' });
  // A move that would shift a locked row among the others (the row itself, or a row passing it).
  const crossesLock = useCallback(
    (list: unknown[], from: number, to: number) => !canLock && list.slice(Math.min(from, to), Math.max(from, to) + 1).some(isLocked),
    [canLock],
  );
  const move = useCallback(
    (from: number, to: number) => {
      const list = listAt(controller, path);
      if (from === to || from < 0 || from >= list.length) return;
      if (crossesLock(list, from, to)) {
        announce(lockedNoMove);
        return;
      }
      controller.setAt(path, moveItem(list, from, to));
      announce(t('form.moved', { defaultValue: 'Row moved to position {{position}} of {{total}}', position: to + 1, total: list.length }));
    },
    [controller, path, announce, t, crossesLock, lockedNoMove],
  );
  const onLock = useCallback(
    (index: number, locked: boolean) => {
      const list = listAt(controller, path);
      const row = list[index];
      if (!row || typeof row !== 'object') return;
      const { disabled: _was, ...rest } = row as Record<string, unknown>;
      // Unlocked rows carry no flag at all (stored data stays as it was before the lock).
      controller.setAt(path, list.map((r, i) => (i === index ? (locked ? { ...rest, disabled: true } : rest) : r)));
    },
    [controller, path],
  );
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      if (!e.over || e.active.id === e.over.id) return;
      const from = keys.indexOf(String(e.active.id));
      const to = keys.indexOf(String(e.over.id));
      if (from < 0 || to < 0) return;
      move(from, to);
    },
    [move, keys],
  );
  const onMoveTo = useCallback(
    (from: number, position: number): MoveResult => {
      // Checked against the list as it is now (the popover may have been open while rows changed).
      const length = listAt(controller, path).length;
      const refused = checkTargetPosition(position, length);
      if (refused) return refused;
      if (crossesLock(listAt(controller, path), from, Math.ceil(position) - 1)) return { key: 'form.lockedNoMove', message: lockedNoMove };
      // A fraction in (0, N] rounds up to a whole position, still within 1..N.
      move(from, Math.ceil(position) - 1);
      return null;
    },
    [controller, path, move, crossesLock, lockedNoMove],
  );
  // dnd-kit's own announcements (assertive, while dragging) in the form's language; the drop that moves
  // a row is said once, by the polite region above (`move`).
  const accessibility = useMemo(() => {
    const at = (id: UniqueIdentifier) => ({ position: keys.indexOf(String(id)) + 1, total: keys.length });
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('form.dragStart', { defaultValue: 'Picked up row {{position}} of {{total}}', ...at(active.id) }),
      onDragOver: ({ over }) => (over ? t('form.dragOver', { defaultValue: 'Over position {{position}} of {{total}}', ...at(over.id) }) : undefined),
      onDragEnd: ({ active, over }) =>
        over && over.id !== active.id ? undefined : t('form.dragNotMoved', { defaultValue: 'Row not moved: still at position {{position}} of {{total}}', ...at(active.id) }),
      onDragCancel: ({ active }) => t('form.dragCancel', { defaultValue: 'Move cancelled: row back at position {{position}} of {{total}}', ...at(active.id) }),
    };
    const draggable = t('form.dragInstructions', {
      defaultValue: 'To pick up a row, press Space. Move it with the arrow keys, press Space again to drop it, or Escape to cancel.',
    });
    return { announcements, screenReaderInstructions: { draggable } };
  }, [keys, t]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const toggleSort = (column: string) =>
    setSort((cur) => (cur?.column !== column ? { column, direction: 'asc' } : cur.direction === 'asc' ? { column, direction: 'desc' } : null));

  const canRemove = editable && options.removable !== false;
  const dragLabel = t('form.drag', { defaultValue: 'Drag to reorder' });
  const dragRole = t('form.sortable', { defaultValue: 'sortable' });
  const removeLabel = t('form.remove', { defaultValue: 'Remove' });
  const lockedLabel = t('form.rowLocked', { defaultValue: 'Locked by our team: this row cannot be changed, removed or moved.' });
  const lockLabel = useCallback((row: number) => t('form.lockRow', { defaultValue: 'Lock row {{row}}', row }), [t]);
  const unlockLabel = useCallback((row: number) => t('form.unlockRow', { defaultValue: 'Unlock row {{row}}', row }), [t]);
  // The last column holds each row's actions (remove, the lock toggle) or a locked row's cue.
  const actions = canRemove || canLock || lockedRows.size > 0;
  // "Add franchise": the button names what it adds, from the item's title in the schema.
  const itemTitle = typeof items.title === 'string' && items.title ? t(items.title, { defaultValue: items.title }) : '';
  const addLabel = itemTitle ? t('form.addItem', { defaultValue: 'Add {{item}}', item: itemTitle.toLocaleLowerCase() }) : t('form.add', { defaultValue: 'Add' });
  const cellLabel = useCallback((column: string, row: number) => t('form.cell', { defaultValue: '{{column}}, row {{row}}', column, row }), [t]);
  return (
    <Box className="stage-table" sx={{ mb: 2 }}>
      {title && uiSchema?.['ui:label'] !== false && (
        <Typography variant="h6" sx={{ mb: 1 }}>
          {String(title)}
        </Typography>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ThemeProvider theme={compactTheme}>
            <ScrollableTableBox hint={t('form.scrollHint', { defaultValue: 'Scroll sideways to see every column' })}>
              <Table size="small" aria-label={String(title)}>
                <TableHead>
                  <TableRow>
                    {draggable && <TableCell padding="checkbox" />}
                    {columns.map((c) => (
                      <TableCell key={c.name} sortDirection={sort?.column === c.name ? sort.direction : false}>
                        {options.sortable ? (
                          <TableSortLabel active={sort?.column === c.name} direction={sort?.column === c.name ? sort.direction : 'asc'} onClick={() => toggleSort(c.name)}>
                            {c.title}
                          </TableSortLabel>
                        ) : (
                          c.title
                        )}
                      </TableCell>
                    ))}
                    {actions && <TableCell padding="checkbox" />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {keys.length === 0 && (
                    // An empty table says so, rather than showing headers over nothing.
                    <TableRow>
                      <TableCell colSpan={columns.length + (draggable ? 1 : 0) + (actions ? 1 : 0)}>
                        <Typography variant="body2" color="text.secondary" data-testid="table-empty">
                          {typeof options.emptyText === 'string' ? options.emptyText : t('form.empty', { defaultValue: 'Nothing added yet.' })}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  )}
                  {order.map((index, shown) => (
                    <Row
                      key={keys[index]}
                      rowKey={keys[index]}
                      index={index}
                      position={shown + 1}
                      controller={controller}
                      registry={registry}
                      fieldPathId={fieldPathId}
                      columns={columns}
                      draggable={draggable}
                      onMoveTo={onMoveTo}
                      onRemove={canRemove ? onRemove : undefined}
                      locked={lockedRows.has(index)}
                      canLock={canLock}
                      onLock={onLock}
                      actions={actions}
                      lockedLabel={lockedLabel}
                      lockLabel={lockLabel}
                      unlockLabel={unlockLabel}
                      disabled={disabled}
                      readonly={readonly}
                      dragLabel={dragLabel}
                      dragRole={dragRole}
                      removeLabel={removeLabel}
                      cellLabel={cellLabel}
                    />
                  ))}
                </TableBody>
              </Table>
            </ScrollableTableBox>
          </ThemeProvider>
        </SortableContext>
      </DndContext>
      <LiveAnnouncement message={message} />
      <ShowMoreButton hidden={hidden} onClick={showMore} />
      {editable && options.addable !== false && (
        <Button
          sx={{ mt: 1 }}
          onClick={() => {
            // The new row must be on screen.
            setLimit((l) => Math.max(l, keys.length + 1));
            onAdd();
          }}
        >
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
