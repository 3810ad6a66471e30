import { USER_STATUSES } from '../../contract/users';

/** The user statuses the API accepts (one list with the server's: contract/users.ts), as the form's and the list filter's choices. */
export const STATUS_CHOICES = USER_STATUSES.map((id) => ({ id, name: `usersAdmin.statuses.${id}` }));
