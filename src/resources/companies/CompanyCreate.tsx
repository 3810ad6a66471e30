import { Create, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../pages/app/PageHeading';
import { CompanyForm, toCompanyBody } from './CompanyForm';
import { profilePath } from './paths';

/** `/companies/create`: a new company, active by default; 'Company Created', then its profile. */
export default function CompanyCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading />
      <Create
        resource="companies"
        title={t('routes.companyCreate')}
        transform={toCompanyBody}
        record={{ status: 'active', stage: 'configurator', lang: 'en', meta: [], terms: { make: [] } }}
        mutationOptions={{
          // Our growl, word for word (spec section 8), instead of react-admin's "Element created".
          onSuccess: (data: { id: number }) => {
            notify(t('errors:companies.created'), { type: 'success' });
            navigate(profilePath(data.id));
          },
        }}
      >
        <CompanyForm />
      </Create>
    </>
  );
}
