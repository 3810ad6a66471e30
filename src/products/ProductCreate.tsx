import { Create } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useCreatedThen } from '../layout/useCreatedThen';
import { PageHeading } from '../layout/PageHeading';
import { editPath } from './paths';
import { ProductForm, toProductBody } from './ProductForm';

/** `/products/create`: a new product, added at the end of the list; then its edit page. */
export default function ProductCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const created = useCreatedThen(t('errors:products.created'), editPath);
  return (
    <>
      <PageHeading />
      <Create
        resource="products"
        title={t('routes.productCreate')}
        transform={toProductBody}
        record={{ cost: 0, cost_type: 'per month', discount: 0, stages: [], terms: [], children: '' }}
        mutationOptions={created}
      >
        <ProductForm />
      </Create>
    </>
  );
}
