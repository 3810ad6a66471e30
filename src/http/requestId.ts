const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A random 5-character alphanumeric id (spec section 9), sent with every GET as `X-Request-Id`.
 *
 * @example requestId() // 'a9Xk2'
 */
export function requestId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 5; i++) id += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return id;
}
