import { Box } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, PasswordInput, ReferenceInput, SelectArrayInput, SelectInput, SimpleForm, TextInput, email, useTranslate, type RaRecord,
} from 'react-admin';
import { STATUS_CHOICES } from './choices';
import { useRoleChoices } from './useRoleChoices';
import { APP_FORM } from '../forms/appForm';
import { AvatarInput } from './AvatarInput';
import { requiredField } from '../forms/validators';

/** Stable (the form resets on change of this object): a refetched record keeps the user's edits. */
const KEEP_DIRTY = { keepDirtyValues: true } as const;

const COUNTRIES = ['GB', 'AU', 'BE', 'FR', 'NL', 'ZA', 'IE'] as const;
const WRITABLE = ['name', 'email', 'telephone', 'position', 'avatar', 'country', 'primary', 'foc_approver', 'roles', 'company_id', 'status', 'password', 'current_password'] as const;
/** Sent only when typed: an empty password field means "no change", never "no password". */
const ONLY_WHEN_TYPED = new Set<string>(['password', 'current_password']);

/**
 * The form values as the API's write body: only the fields the caller may send (`allowed`), roles as
 * ids, blank text as null.
 *
 * @example toUserBody({ id: 1, name: 'Nina New', roles: [{ id: 1, name: 'Client' }] }, ['name', 'roles']) // { name: 'Nina New', roles: [1] }
 */
export function toUserBody(values: Partial<RaRecord>, allowed: readonly string[] = WRITABLE): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of WRITABLE) {
    if (!allowed.includes(key) || values[key] === undefined) continue;
    const value = values[key];
    if (ONLY_WHEN_TYPED.has(key) && !value) continue;
    if (key === 'roles') body.roles = (value as Array<number | { id: number }>).map((r) => (typeof r === 'object' ? r.id : Number(r)));
    else body[key] = value === '' ? null : value;
  }
  return body;
}

/**
 * A user's fields: name, email, telephone, position, avatar, country (default GB), and for those who
 * manage users the roles, company, primary and variation-approver flags (and status on edit). On
 * your own profile (`self`) a new password and your current password, which the server asks for
 * to change your email or password.
 */
export function UserForm({ manage, editing, self = false, toolbar }: { manage: boolean; editing: boolean; self?: boolean; toolbar?: React.ReactElement | false }) {
  const translate = useTranslate();
  const roles = useRoleChoices(manage);
  const required = (field: string) => requiredField(translate(`resources.users.fields.${field}`));
  const minLength = (length: number) => (value: unknown) => (typeof value === 'string' && value.trim().length < length ? { message: 'validation:generic.minLength', args: { length } } : undefined);
  return (
    <SimpleForm {...APP_FORM} resetOptions={KEEP_DIRTY} toolbar={toolbar} sx={{ maxWidth: 900 }}>
      <Box sx={{ display: 'grid', width: '100%', gap: { xs: 0, md: 2 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <AvatarInput />
        <TextInput source="name" validate={[required('name'), minLength(4)]} />
        <TextInput source="email" type="email" validate={[required('email'), email('validation:generic.email')]} />
        <TextInput source="telephone" />
        <TextInput source="position" />
        <SelectInput source="country" choices={COUNTRIES.map((id) => ({ id, name: `usersAdmin.countries.${id}` }))} />
        {self ? (
          <>
            {/* Your own email or password changes only with your current password (the server checks it). */}
            <PasswordInput source="password" autoComplete="new-password" validate={(v: unknown) => (v ? minLength(8)(v) : undefined)} />
            <PasswordInput source="current_password" autoComplete="current-password" helperText="usersAdmin.currentPasswordHelp" />
          </>
        ) : null}
        {manage ? (
          <>
            <SelectArrayInput source="roles" choices={roles} format={(v: Array<number | { id: number }> = []) => v.map((r) => (typeof r === 'object' ? r.id : r))} translateChoice={false} />
            <ReferenceInput source="company_id" reference="companies" sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput filterToQuery={(q: string) => ({ q })} />
            </ReferenceInput>
            <BooleanInput source="primary" />
            <BooleanInput source="foc_approver" />
            {editing ? <SelectInput source="status" choices={STATUS_CHOICES} /> : null}
          </>
        ) : null}
      </Box>
    </SimpleForm>
  );
}
