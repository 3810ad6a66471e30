import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PortalDataProvider } from '../data/dataProvider';
import type { ProductRow } from './productRow';
import { SortableRow } from './ProductTableRow';
import { useProductAbilities } from './useProductAbilities';

/**
 * The table of the list: rows by position; with 'create products' each row has a drag handle (mouse,
 * touch or keyboard: Space, arrows, Space), up and down buttons (swap with the neighbour) and a
 * "move to position" box. Dragging needs the list sorted by position.
 */
export function ProductTable() {
  const { t } = useTranslation();
  const { manage, wholeCatalogue } = useProductAbilities();
  const { data, sort, setSort, refetch } = useListContext<ProductRow>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  // The order shown: the server's, or the one just dropped until the server's answer comes back.
  const [order, setOrder] = useState<ProductRow[]>(data ?? []);
  useEffect(() => setOrder(data ?? []), [data]);
  const byPosition = sort.field === 'order_column' && sort.order === 'ASC';
  const draggable = manage && byPosition;
  const keys = useMemo(() => order.map((r) => String(r.id)), [order]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const failure = (error: unknown) => {
    const messages = (error as { messages?: string[] }).messages;
    return messages?.[0] ?? (error as Error).message ?? t('errors:unknown_error');
  };
  const moved = (row: ProductRow, position: number) => notify(t('productsAdmin.moved', { name: row.name, position }), { type: 'success' });

  const move = async (row: ProductRow, to: number): Promise<string | null> => {
    try {
      await dataProvider.sortProduct({ id: row.id, to });
      moved(row, to);
      await refetch();
      return null;
    } catch (error) {
      const message = failure(error);
      notify(message, { type: 'error' });
      return message;
    }
  };
  const swap = async (row: ProductRow, other: ProductRow | undefined) => {
    if (!other) return;
    try {
      await dataProvider.swapProducts({ productId1: row.id, productId2: other.id });
      moved(row, other.order_column);
    } catch (error) {
      notify(failure(error), { type: 'error' });
    }
    await refetch();
  };

  const at = (id: UniqueIdentifier) => order.find((r) => String(r.id) === String(id));
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    const row = at(active.id);
    const target = over ? at(over.id) : undefined;
    if (!row || !target || row.id === target.id) return;
    // Show the drop at once; the server's order replaces it when the list reloads.
    const from = order.indexOf(row);
    const to = order.indexOf(target);
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, row);
    setOrder(next);
    const problem = await move(row, target.order_column);
    if (problem) setOrder(data ?? []);
  };
  const accessibility = useMemo(() => {
    const said = (id: UniqueIdentifier) => ({ name: at(id)?.name ?? '', position: at(id)?.order_column ?? '' });
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('productsAdmin.dragStart', said(active.id)),
      onDragOver: ({ active, over }) => (over ? t('productsAdmin.dragOver', { name: said(active.id).name, position: said(over.id).position }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('productsAdmin.dragEnd', { name: said(active.id).name, position: said(over.id).position }) : undefined),
      onDragCancel: ({ active }) => t('productsAdmin.dragCancel', said(active.id)),
    };
    return { announcements, screenReaderInstructions: { draggable: t('productsAdmin.dragInstructions') } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, t]);

  const header = (field: string, label: string) => (
    <TableSortLabel
      active={sort.field === field}
      direction={sort.field === field ? (sort.order === 'ASC' ? 'asc' : 'desc') : 'asc'}
      onClick={() => setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
    >
      {label}
    </TableSortLabel>
  );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {manage && !byPosition ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="drag-off">
          {t('productsAdmin.dragOff')}
        </Typography>
      ) : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Table size="small" aria-label={t('routes.products')} data-testid="products-table">
            <TableHead>
              <TableRow>
                {manage && <TableCell padding="checkbox" />}
                {/* The position is the catalogue's internal order: only those who arrange it see it. */}
                {manage && <TableCell>{header('order_column', t('resources.products.fields.order_column'))}</TableCell>}
                <TableCell>{header('name', t('resources.products.fields.name'))}</TableCell>
                <TableCell>{header('cost', t('resources.products.fields.cost'))}</TableCell>
                {wholeCatalogue ? <TableCell>{t('resources.products.fields.region')}</TableCell> : <TableCell>{t('resources.products.fields.description')}</TableCell>}
                {wholeCatalogue && <TableCell>{t('resources.products.fields.type')}</TableCell>}
                {manage && <TableCell>{t('productsAdmin.moveTo')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.map((row, index) => (
                <SortableRow
                  key={row.id}
                  row={row}
                  draggable={draggable}
                  manage={manage}
                  wholeCatalogue={wholeCatalogue}
                  onMove={move}
                  onSwap={swap}
                  above={byPosition ? order[index - 1] : undefined}
                  below={byPosition ? order[index + 1] : undefined}
                />
              ))}
            </TableBody>
          </Table>
        </SortableContext>
      </DndContext>
    </Box>
  );
}
