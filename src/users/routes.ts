import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import users from '.';

/** Users: the list, a new user, a user's profile (your own from the menu). */
export default defineArea({
  routes: [
    auth('User Profile', '/users/profile/:id', 'routes.userProfile', undefined, link('users-profile', 'menu.profile', 'users', 3, { mine: true })),
    auth('Users', '/users', 'routes.users', perm(P.listUsers), link('users-all', 'menu.all', 'users', 1)),
    auth('User Create', '/users/create', 'routes.userCreate', perm(P.createUsers), link('users-create', 'menu.create', 'users', 2)),
  ],
  pages: { Users: users.list, 'User Create': users.create, 'User Profile': users.edit },
  resources: { users },
  // Back from a user back to the list: shown as it was left, filters and scroll (routing/KeepScreens.tsx, issue 59).
  keep: ['Users'],
  next: { Users: ['User Profile'] },
});
