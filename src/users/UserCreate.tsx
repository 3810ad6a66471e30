import { Create } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useCreatedThen } from '../layout/useCreatedThen';
import { PageHeading } from '../layout/PageHeading';
import { userProfilePath } from './paths';
import { toUserBody, UserForm } from './UserForm';

/**
 * `/users/create`: the server gives the new user a generated password and mails them a link to set
 * their own; 'User Created', then their profile.
 */
export default function UserCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const created = useCreatedThen(t('errors:users.created'), userProfilePath);
  return (
    <>
      <PageHeading />
      <Create
        resource="users"
        title={t('routes.userCreate')}
        transform={(values) => toUserBody(values, ['name', 'email', 'telephone', 'position', 'avatar', 'country', 'primary', 'foc_approver', 'roles', 'company_id'])}
        record={{ country: 'GB', roles: [1], primary: false, foc_approver: false }}
        mutationOptions={created}
      >
        <UserForm manage editing={false} />
      </Create>
    </>
  );
}
