import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Chip, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { usePriceText } from './price';
import { MoveTo } from './MoveToPosition';
import { editPath } from './paths';
import { termNames, type ProductRow } from './productRow';

export interface RowProps {
  row: ProductRow;
  draggable: boolean;
  manage: boolean;
  /** Staff: the product's regions and types; a dealer (whose catalogue is one region's): its description. */
  wholeCatalogue: boolean;
  onMove: (row: ProductRow, to: number) => Promise<string | null>;
  onSwap: (row: ProductRow, other: ProductRow | undefined) => void;
  above?: ProductRow;
  below?: ProductRow;
}

/** One product in the table: a drag handle, up / down and "move to position" for those who manage products; the row opens the product. */
export function SortableRow({ row, draggable, manage, wholeCatalogue, onMove, onSwap, above, below }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const price = usePriceText();
  const words = useDataWords();
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
      {manage && (
        <TableCell sx={{ width: 56 }} data-testid="product-position">
          {row.order_column}
        </TableCell>
      )}
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
        <span data-testid="product-price">{price(row)}</span>
        {row.discount > 0 ? <Chip size="small" variant="outlined" color="success" label={`-${row.discount}%`} sx={{ ml: 1 }} /> : null}
      </TableCell>
      {wholeCatalogue ? (
        <>
          <TableCell>{termNames(row, 'region', words).join(', ')}</TableCell>
          <TableCell>{termNames(row, 'type', words).join(', ')}</TableCell>
        </>
      ) : (
        <TableCell>{row.description}</TableCell>
      )}
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
