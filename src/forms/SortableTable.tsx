import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { visuallyHidden } from '@mui/utils';
import { Box, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveToPosition } from './MoveToPosition';

/** A row the table can order: its id, name and 1-based position. */
export interface Positioned {
  id: number;
  name: string;
  position: number;
}

export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  /** Left out on a phone (the table must fit the screen's width). */
  wide?: boolean;
}

export interface SortableTableProps<R extends Positioned> {
  rows: R[];
  columns: Column<R>[];
  /** The table's accessible name. */
  label: string;
  /** Arranging is offered (drag, up / down, move to position); without it the table only shows. */
  editable: boolean;
  /** Moves a row to position `to`; answers the refusal's text, or null when it moved. */
  onMove: (row: R, to: number) => Promise<string | null>;
  onOpen?: (row: R) => void;
  testId?: string;
}

/** "Move to position" for one row, in the task screens' words. */
export function MoveTo<R extends Positioned>({ row, onMove }: { row: R; onMove: (row: R, to: number) => Promise<string | null> }) {
  const { t } = useTranslation('tasks');
  return (
    <MoveToPosition
      position={row.position}
      onMove={(to) => onMove(row, to)}
      labels={{ input: t('order.moveToNamed', { name: row.name }), button: t('order.moveNamed', { name: row.name }), text: t('order.move') }}
    />
  );
}

function Row<R extends Positioned>({ row, columns, editable, phone, onMove, onOpen, above, below }: {
  row: R; columns: Column<R>[]; editable: boolean; phone: boolean; onMove: SortableTableProps<R>['onMove']; onOpen?: (row: R) => void; above?: R; below?: R;
}) {
  const { t } = useTranslation('tasks');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(row.id), disabled: !editable, attributes: { roleDescription: t('order.sortable') } });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : undefined };
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();
  return (
    <TableRow ref={setNodeRef} style={style} hover={Boolean(onOpen)} data-row-id={row.id} onClick={onOpen ? () => onOpen(row) : undefined} sx={{ cursor: onOpen ? 'pointer' : 'default', bgcolor: isDragging ? 'action.selected' : undefined }}>
      {editable && (
        <TableCell padding="checkbox" onClick={stop}>
          <IconButton size="small" aria-label={t('order.dragNamed', { name: row.name })} {...attributes} {...listeners} sx={{ cursor: 'grab', touchAction: 'none' }}>
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
      <TableCell sx={{ width: 40, px: phone ? 0.5 : undefined }} data-testid="row-position">
        {row.position}
      </TableCell>
      {columns.filter((c) => !phone || !c.wide).map((c) => (
        <TableCell key={c.key} sx={{ px: phone ? 0.5 : undefined, overflowWrap: 'anywhere' }}>{c.render(row)}</TableCell>
      ))}
      {editable && (
        <TableCell onClick={stop} sx={{ whiteSpace: 'nowrap', px: phone ? 0.5 : undefined }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <IconButton size="small" aria-label={t('order.upNamed', { name: row.name })} disabled={!above} onClick={() => above && onMove(row, above.position)}>
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('order.downNamed', { name: row.name })} disabled={!below} onClick={() => below && onMove(row, below.position)}>
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
            {!phone && <MoveTo row={row} onMove={onMove} />}
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * Rows by position, as the products table orders them: with `editable`, a drag handle per row
 * (mouse, touch, or the keyboard: Space, arrows, Space, with spoken announcements), up and down
 * buttons and a "move to position" box (not on a phone, where the buttons do it). A drop shows at
 * once and the server's order replaces it; a refusal puts the rows back.
 */
export function SortableTable<R extends Positioned>({ rows, columns, label, editable, onMove, onOpen, testId }: SortableTableProps<R>) {
  const { t } = useTranslation('tasks');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [order, setOrder] = useState<R[]>(rows);
  useEffect(() => setOrder(rows), [rows]);
  const keys = useMemo(() => order.map((r) => String(r.id)), [order]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const find = (id: UniqueIdentifier) => order.find((r) => String(r.id) === String(id));
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    const row = find(active.id);
    const target = over ? find(over.id) : undefined;
    if (!row || !target || row.id === target.id) return;
    const next = [...order];
    next.splice(order.indexOf(row), 1);
    next.splice(order.indexOf(target), 0, row);
    setOrder(next);
    if (await onMove(row, target.position)) setOrder(rows);
  };
  const accessibility = useMemo(() => {
    const said = (id: UniqueIdentifier) => ({ name: find(id)?.name ?? '', position: find(id)?.position ?? '' });
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('order.dragStart', said(active.id)),
      onDragOver: ({ active, over }) => (over ? t('order.dragOver', { name: said(active.id).name, position: said(over.id).position }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('order.dragEnd', { name: said(active.id).name, position: said(over.id).position }) : undefined),
      onDragCancel: ({ active }) => t('order.dragCancel', said(active.id)),
    };
    return { announcements, screenReaderInstructions: { draggable: t('order.dragInstructions') } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, t]);
  const shown = columns.filter((c) => !phone || !c.wide);
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Table size="small" aria-label={label} data-testid={testId}>
            <TableHead>
              <TableRow>
                {editable && <TableCell padding="checkbox"><Box component="span" sx={visuallyHidden}>{t('order.drag')}</Box></TableCell>}
                <TableCell sx={{ px: phone ? 0.5 : undefined }}>{t('order.position')}</TableCell>
                {shown.map((c) => (
                  <TableCell key={c.key} sx={{ px: phone ? 0.5 : undefined }}>{c.label}</TableCell>
                ))}
                {editable && <TableCell sx={{ px: phone ? 0.5 : undefined }}>{t('order.arrange')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.map((row, index) => (
                <Row key={row.id} row={row} columns={columns} editable={editable} phone={phone} onMove={onMove} onOpen={onOpen} above={order[index - 1]} below={order[index + 1]} />
              ))}
            </TableBody>
          </Table>
        </SortableContext>
      </DndContext>
    </Box>
  );
}
