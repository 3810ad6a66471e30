import { Edit, SaveButton, Toolbar, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../pages/app/PageHeading';
import { toUserBody, UserForm } from './UserForm';
import { useUserAbilities } from './useUserAbilities';

const OWN = ['name', 'email', 'telephone', 'position', 'avatar', 'country'] as const;

/**
 * `/users/profile/{id}`: any signed-in user edits their own profile (not their roles or status);
 * those with 'create users' edit anyone's, and disabling a user ends their sessions at once.
 */
export default function UserEdit() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const { manage, me } = useUserAbilities();
  const self = String(me) === id;
  // Your own roles and status stay as they are, even for administrators (the server refuses them too).
  const allowed = manage && !self ? undefined : manage ? [...OWN, 'primary', 'foc_approver', 'company_id'] : OWN;
  return (
    <>
      <PageHeading />
      <Edit
        resource="users"
        id={id}
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        transform={(values) => toUserBody(values, allowed)}
        queryOptions={{ meta: { cache: false } }}
        mutationOptions={{ onSuccess: () => notify(t('errors:users.updated'), { type: 'success' }) }}
      >
        <UserForm manage={manage && !self} editing toolbar={manage || self ? <Toolbar><SaveButton /></Toolbar> : false} />
      </Edit>
    </>
  );
}
