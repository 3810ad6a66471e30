import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * The `mutationOptions` of a Create screen: on success our growl, word for word (spec section 8),
 * instead of react-admin's "Element created", then the new record's own page.
 * @example <Create mutationOptions={useCreatedThen(t('errors:users.created'), userProfilePath)} />
 */
export function useCreatedThen(message: string, pathOf: (id: number) => string) {
  const notify = useNotify();
  const navigate = useNavigate();
  return {
    onSuccess: (data: { id: number }) => {
      notify(message, { type: 'success' });
      navigate(pathOf(data.id));
    },
  };
}
