import { Create, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../pages/app/PageHeading';
import { editPath } from './paths';
import { ProductForm, toProductBody } from './ProductForm';

/** `/products/create`: a new product, added at the end of the list; then its edit page. */
export default function ProductCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading />
      <Create
        resource="products"
        title={t('routes.productCreate')}
        transform={toProductBody}
        record={{ cost: 0, cost_type: 'per month', discount: 0, stages: [], terms: [], children: '' }}
        mutationOptions={{
          onSuccess: (data: { id: number }) => {
            notify(t('errors:products.created'), { type: 'success' });
            navigate(editPath(data.id));
          },
        }}
      >
        <ProductForm />
      </Create>
    </>
  );
}
