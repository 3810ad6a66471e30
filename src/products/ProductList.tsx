import { useMediaQuery, type Theme } from '@mui/material';
import { List, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../i18n/dataWords';
import { PageHeading } from '../layout/PageHeading';
import { useProductTerms } from './choices';
import { usePriceText } from './price';
import { editPath } from './paths';
import { productExporter } from './productExporter';
import { Empty, ProductToolbar } from './ProductListParts';
import { termNames, type ProductRow } from './productRow';
import { ProductTable } from './ProductTable';
import { useProductAbilities } from './useProductAbilities';
import { DeferredRows } from '../layout/DeferredRows';

/**
 * `/products`: the catalogue by position (spec section 7: sorted by order_column ASC) with search,
 * region and type filters, CSV export, and for 'create products' reordering by drag, by the up and
 * down buttons and by "move to position". A row opens `/products/edit/{id}`.
 */
export default function ProductList() {
  const { t } = useTranslation();
  const { manage, wholeCatalogue } = useProductAbilities();
  const price = usePriceText();
  const words = useDataWords();
  const terms = useProductTerms();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('productsAdmin.search')} />,
    ...(wholeCatalogue
      ? [
          <SelectInput key="region" source="region" label="resources.products.fields.region" choices={terms.region} translateChoice={false} />,
          <SelectInput key="type" source="type" label="resources.products.fields.type" choices={terms.type} translateChoice={false} />,
        ]
      : []),
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
        actions={<ProductToolbar />}
        exporter={productExporter}
        empty={<Empty />}
        storeKey="products.list"
        queryOptions={{ meta: { cache: false } }}
      >
        <DeferredRows>
          {phone ? (
            <SimpleList<ProductRow>
              // The position is the catalogue's internal order: only those who arrange it see it.
              primaryText={(r) => (manage ? `${r.order_column}. ${r.name}` : r.name)}
              secondaryText={price}
              tertiaryText={(r) => (wholeCatalogue ? termNames(r, 'region', words).join(', ') : (r.description ?? ''))}
              linkType={manage ? (r) => editPath(r.id) : false}
            />
          ) : (
            <ProductTable />
          )}
        </DeferredRows>
      </List>
    </>
  );
}
