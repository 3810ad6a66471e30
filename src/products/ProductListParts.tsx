import InventoryIcon from '@mui/icons-material/Inventory2';
import { CreateButton, ExportButton, FilterButton, TopToolbar } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useProductAbilities } from './useProductAbilities';
import { ListEmpty } from '../layout/ListEmpty';

/** The list's toolbar: filters, Create (with 'create products') and the CSV export of up to 1000 products. */
export function ProductToolbar() {
  const { manage } = useProductAbilities();
  return (
    <TopToolbar>
      <FilterButton />
      {manage ? <CreateButton to="/products/create" /> : null}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/** The empty catalogue: create the first product, or wait for one. */
export function Empty() {
  const { t } = useTranslation();
  const { manage } = useProductAbilities();
  return (
    <ListEmpty
      icon={InventoryIcon}
      title={t('productsAdmin.empty.title')}
      text={t(manage ? 'productsAdmin.empty.create' : 'productsAdmin.empty.wait')}
      action={manage ? <CreateButton resource="products" to="/products/create" variant="contained" /> : null}
      testId="products-empty"
    />
  );
}
