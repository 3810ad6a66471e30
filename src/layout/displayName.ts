/**
 * What the top bar greets a user by: the name, else the part of the email before the at-sign.
 *
 * @example displayName({ name: '', email: 'dealer@demo.test' }) // 'dealer'
 */
export function displayName(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  return (user.email ?? '').split('@')[0];
}

/**
 * The avatar's initial when there is no picture.
 *
 * @example initial({ name: 'dana', email: 'd@x.io' }) // 'D'
 */
export function initial(user: { name?: string | null; email?: string | null }): string {
  return displayName(user).charAt(0).toUpperCase() || '?';
}
