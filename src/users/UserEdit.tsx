import { DeleteButton, Edit, SaveButton, Toolbar, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { toUserBody, UserForm } from './UserForm';
import { useUserAbilities } from './useUserAbilities';
import { FRESH_RECORD } from '../forms/freshRecord';
import { DeferredRecord } from '../layout/DeferredRecord';

const OWN = ['name', 'email', 'telephone', 'position', 'avatar', 'country', 'password', 'current_password'] as const;

/** Save, and for someone else's profile with 'create users' a delete (confirmed; 'User Deleted', then the list). */
function EditToolbar({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete ? (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{
            onSuccess: () => {
              notify(t('errors:users.deleted'), { type: 'success' });
              redirect('list', 'users');
            },
          }}
        />
      ) : null}
    </Toolbar>
  );
}

/**
 * `/users/profile/{id}`: any signed-in user edits their own profile (not their roles or status);
 * those with 'create users' edit anyone's and delete anyone else; disabling or deleting a user ends
 * their sessions at once.
 */
export default function UserEdit() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const { manage, me } = useUserAbilities();
  const self = String(me) === id;
  // Your own roles and status stay as they are, even for administrators (the server refuses them too).
  // Someone else's profile (manage): every field but the password ones, which are yours only here.
  const allowed = manage && !self ? ['name', 'email', 'telephone', 'position', 'avatar', 'country', 'primary', 'foc_approver', 'roles', 'company_id', 'status'] : manage ? [...OWN, 'primary', 'foc_approver', 'company_id'] : OWN;
  return (
    <>
      <PageHeading action={<AuditLink kind="user" recordId={id} />} />
      <Edit
        resource="users"
        id={id}
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        transform={(values) => toUserBody(values, allowed)}
        queryOptions={FRESH_RECORD}
        mutationOptions={{
          ...FRESH_RECORD,
          // A new email of your own waits for its link: say where it went rather than "User Updated".
          onSuccess: (data: RaRecord) =>
            notify(data.email_pending ? t('usersAdmin.emailPending', { email: String(data.email_pending) }) : t('errors:users.updated'), { type: 'success' }),
        }}
      >
        <DeferredRecord>
          <UserForm manage={manage && !self} self={self} editing toolbar={manage || self ? <EditToolbar canDelete={manage && !self} /> : false} />
        </DeferredRecord>
      </Edit>
    </>
  );
}
