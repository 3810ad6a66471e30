/**
 * The role facts of spec sections 3 and 6 that code relies on by name or id. Role names are
 * otherwise data (roles are created and copied at run time), so only these are fixed.
 */

/** The role every permission belongs to, and the only one that may change roles' permissions. */
export const ADMINISTRATOR_ROLE = 'Administrator';

/** Spec section 3: a new user's role is role id 1 (Client), registration's too. */
export const CLIENT_ROLE_ID = 1;

/**
 * Spec sections 3 and 6: the roles of a configurator "Users" stage entry, M (Manager) and E
 * (Executive). The stage files hold them as data (schemas/stages/); no code reads them yet.
 */
export const STAGE_USER_ROLES = { M: 'Manager', E: 'Executive' } as const;
export type StageUserRole = keyof typeof STAGE_USER_ROLES;
