import { DeleteButton, Edit, SaveButton, Toolbar, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { ProductForm, toProductBody } from './ProductForm';
import { DeferredRecord } from '../layout/DeferredRecord';

function EditToolbar() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          // The catalogue's words (spec section 8), then back to the list.
          onSuccess: () => {
            notify(t('errors:products.removed'), { type: 'success' });
            navigate('/products');
          },
        }}
      />
    </Toolbar>
  );
}

/**
 * `/products/edit/{id}` (and react-admin's `/products/{id}`): every field of the product; 'Product
 * Updated' (pessimistic, so the server's field messages land on the inputs); delete with 'Product Removed'.
 */
export default function ProductEdit() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  return (
    <>
      <PageHeading action={<AuditLink kind="product" recordId={id} />} />
      <Edit
        resource="products"
        id={id}
        actions={false}
        mutationMode="pessimistic"
        transform={toProductBody}
        redirect={false}
        queryOptions={{ meta: { cache: false } }}
        mutationOptions={{ meta: { cache: false }, onSuccess: () => notify(t('errors:products.updated'), { type: 'success' }) }}
      >
        <DeferredRecord>
          <ProductForm toolbar={<EditToolbar />} />
        </DeferredRecord>
      </Edit>
    </>
  );
}
