import { Create, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../pages/app/PageHeading';
import { userProfilePath } from './paths';
import { toUserBody, UserForm } from './UserForm';

/**
 * `/users/create`: the server gives the new user a generated password and mails them a link to set
 * their own; 'User Created', then their profile.
 */
export default function UserCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading />
      <Create
        resource="users"
        title={t('routes.userCreate')}
        transform={(values) => toUserBody(values, ['name', 'email', 'telephone', 'position', 'avatar', 'country', 'primary', 'foc_approver', 'roles', 'company_id'])}
        record={{ country: 'GB', roles: [1], primary: false, foc_approver: false }}
        mutationOptions={{
          onSuccess: (data: { id: number }) => {
            notify(t('errors:users.created'), { type: 'success' });
            navigate(userProfilePath(data.id));
          },
        }}
      >
        <UserForm manage editing={false} />
      </Create>
    </>
  );
}
