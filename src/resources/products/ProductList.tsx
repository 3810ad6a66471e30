import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import InventoryIcon from '@mui/icons-material/Inventory2';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box, Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useEffect, useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import {
  CreateButton, downloadCSV, ExportButton, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar, useDataProvider, useListContext, useNotify,
  type Exporter, type RaRecord,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../data/dataProvider';
import { formatCurrency } from '../../i18n/format';
import { PageHeading } from '../../pages/app/PageHeading';
import { costTypeKey, useProductTerms } from './choices';
import { editPath } from './paths';
import { useProductAbilities } from './useProductAbilities';

type Term = { id: number; name: string; slug: string; taxonomy: string };
type ProductRow = RaRecord & {
  name: string; cost: number; cost_type: string; discount: number; order_column: number; terms: Term[]; children: string; parent: number | null;
  addition: boolean; add_by_default_in_agreement: boolean; description: string | null; cost_notes: string | null; fixed_setup_fee: number | null;
};
const termNames = (r: ProductRow, taxonomy: string) => r.terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.name);

/** A CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV of the catalogue in list order, through react-admin's exporter and downloadCSV. */
const exporter: Exporter<ProductRow> = (records) => {
  const rows = records.map((r) => ({
    position: r.order_column, id: r.id, name: r.name, cost: r.cost, cost_type: r.cost_type, discount: r.discount, fixed_setup_fee: r.fixed_setup_fee,
    cost_notes: r.cost_notes, region: termNames(r, 'region').join('; '), type: termNames(r, 'type').join('; '), children: r.children, parent: r.parent,
    addition: r.addition, add_by_default_in_agreement: r.add_by_default_in_agreement, description: r.description,
  }));
  const header = rows.length ? Object.keys(rows[0]) : ['position', 'id', 'name'];
  const lines = [header.join(','), ...rows.map((row) => header.map((key) => csvCell(row[key as keyof typeof row])).join(','))];
  downloadCSV(lines.join('\r\n'), 'products');
};

function Empty() {
  const { t } = useTranslation();
  const { manage } = useProductAbilities();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid="products-empty">
      <InventoryIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {t('productsAdmin.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(manage ? 'productsAdmin.empty.create' : 'productsAdmin.empty.wait')}
      </Typography>
      {manage ? <CreateButton resource="products" to="/products/create" variant="contained" /> : null}
    </Box>
  );
}

/** "Move to position" for one row: the server's refusal ('Value must be more than 0') shows under the box. */
function MoveTo({ row, onMove }: { row: ProductRow; onMove: (row: ProductRow, to: number) => Promise<string | null> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || busy) return;
    setBusy(true);
    const problem = await onMove(row, Number(value));
    setBusy(false);
    setError(problem);
    if (!problem) setValue('');
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }} noValidate>
      <TextField
        size="small"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={String(row.order_column)}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { 'aria-label': t('productsAdmin.moveToNamed', { name: row.name }), step: 1, inputMode: 'numeric' } }}
        sx={{ width: 88, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal', width: 160 } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={busy || value.trim() === ''} aria-label={t('productsAdmin.moveNamed', { name: row.name })} sx={{ minWidth: 0, mt: 0.25 }}>
        {t('productsAdmin.move')}
      </Button>
    </Box>
  );
}

interface RowProps {
  row: ProductRow;
  draggable: boolean;
  manage: boolean;
  onMove: (row: ProductRow, to: number) => Promise<string | null>;
  onSwap: (row: ProductRow, other: ProductRow | undefined) => void;
  above?: ProductRow;
  below?: ProductRow;
}

function SortableRow({ row, draggable, manage, onMove, onSwap, above, below }: RowProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(row.id), disabled: !draggable, attributes: { roleDescription: t('productsAdmin.sortable') } });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : undefined };
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();
  return (
    <TableRow
      ref={setNodeRef}
      style={style}
      hover
      data-product-id={row.id}
      onClick={manage ? () => navigate(editPath(row.id)) : undefined}
      sx={{ cursor: manage ? 'pointer' : 'default', bgcolor: isDragging ? 'action.selected' : undefined }}
    >
      {manage && (
        <TableCell padding="checkbox" onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
          <IconButton size="small" aria-label={t('productsAdmin.dragNamed', { name: row.name })} disabled={!draggable} {...attributes} {...listeners} sx={{ cursor: draggable ? 'grab' : 'default', touchAction: 'none' }}>
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
      <TableCell sx={{ width: 56 }} data-testid="product-position">
        {row.order_column}
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="product-name">
          {row.name}
        </Typography>
        {row.parent ? (
          <Typography variant="caption" color="text.secondary">
            {t('productsAdmin.addOn')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatCurrency(row.cost, i18n.language)} <Typography component="span" variant="body2" color="text.secondary">{t(costTypeKey(row.cost_type))}</Typography>
        {row.discount > 0 ? <Chip size="small" variant="outlined" color="success" label={`-${row.discount}%`} sx={{ ml: 1 }} /> : null}
      </TableCell>
      <TableCell>{termNames(row, 'region').join(', ')}</TableCell>
      <TableCell>{termNames(row, 'type').join(', ')}</TableCell>
      {manage && (
        <TableCell onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <IconButton size="small" aria-label={t('productsAdmin.moveUp', { name: row.name })} disabled={!above} onClick={() => onSwap(row, above)}>
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('productsAdmin.moveDown', { name: row.name })} disabled={!below} onClick={() => onSwap(row, below)}>
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
            <MoveTo row={row} onMove={onMove} />
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The table of the list: rows by position; with 'create products' each row has a drag handle (mouse,
 * touch or keyboard: Space, arrows, Space), up and down buttons (swap with the neighbour) and a
 * "move to position" box. Dragging needs the list sorted by position.
 */
function ProductTable() {
  const { t } = useTranslation();
  const { manage } = useProductAbilities();
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
                <TableCell>{header('order_column', t('resources.products.fields.order_column'))}</TableCell>
                <TableCell>{header('name', t('resources.products.fields.name'))}</TableCell>
                <TableCell>{header('cost', t('resources.products.fields.cost'))}</TableCell>
                <TableCell>{t('resources.products.fields.region')}</TableCell>
                <TableCell>{t('resources.products.fields.type')}</TableCell>
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

/**
 * `/products`: the catalogue by position (spec section 7: sorted by order_column ASC) with search,
 * region and type filters, CSV export, and for 'create products' reordering by drag, by the up and
 * down buttons and by "move to position". A row opens `/products/edit/{id}`.
 */
export default function ProductList() {
  const { t, i18n } = useTranslation();
  const { manage } = useProductAbilities();
  const terms = useProductTerms();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('productsAdmin.search')} />,
    <SelectInput key="region" source="region" label="resources.products.fields.region" choices={terms.region} translateChoice={false} />,
    <SelectInput key="type" source="type" label="resources.products.fields.type" choices={terms.type} translateChoice={false} />,
  ];
  return (
    <>
      <PageHeading />
      <List
        resource="products"
        title={t('routes.products')}
        filters={filters}
        sort={{ field: 'order_column', order: 'ASC' }}
        perPage={50}
        actions={
          <TopToolbar>
            <FilterButton />
            {manage ? <CreateButton to="/products/create" /> : null}
            <ExportButton maxResults={1000} />
          </TopToolbar>
        }
        exporter={exporter}
        empty={<Empty />}
        storeKey="products.list"
        queryOptions={{ meta: { cache: false } }}
      >
        {phone ? (
          <SimpleList<ProductRow>
            primaryText={(r) => `${r.order_column}. ${r.name}`}
            secondaryText={(r) => `${formatCurrency(r.cost, i18n.language)} ${t(costTypeKey(r.cost_type))}`}
            tertiaryText={(r) => termNames(r, 'region').join(', ')}
            linkType={manage ? (r) => editPath(r.id) : false}
          />
        ) : (
          <ProductTable />
        )}
      </List>
    </>
  );
}
