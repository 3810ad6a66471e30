import { Create } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useCreatedThen } from '../layout/useCreatedThen';
import { PageHeading } from '../layout/PageHeading';
import { CompanyForm, toCompanyBody } from './CompanyForm';
import { profilePath } from './paths';
import { REMINDER_DAYS_DEFAULT } from '../../contract/companies';

/** `/companies/create`: a new company, active by default; 'Company Created', then its profile. */
export default function CompanyCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const created = useCreatedThen(t('errors:companies.created'), profilePath);
  return (
    <>
      <PageHeading />
      <Create
        resource="companies"
        title={t('routes.companyCreate')}
        transform={toCompanyBody}
        record={{ status: 'active', stage: 'configurator', lang: 'en', reminder_days: REMINDER_DAYS_DEFAULT, meta: [], terms: { make: [] } }}
        mutationOptions={created}
      >
        <CompanyForm />
      </Create>
    </>
  );
}
