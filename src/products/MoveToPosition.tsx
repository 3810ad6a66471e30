import { useTranslation } from 'react-i18next';
import { MoveToPosition } from '../forms/MoveToPosition';
import type { ProductRow } from './productRow';

/** "Move to position" for one product, in the products screen's words. */
export function MoveTo({ row, onMove }: { row: ProductRow; onMove: (row: ProductRow, to: number) => Promise<string | null> }) {
  const { t } = useTranslation();
  return (
    <MoveToPosition
      position={row.order_column}
      onMove={(to) => onMove(row, to)}
      labels={{ input: t('productsAdmin.moveToNamed', { name: row.name }), button: t('productsAdmin.moveNamed', { name: row.name }), text: t('productsAdmin.move') }}
    />
  );
}
