/** Tiny document.cookie helpers: path /, SameSite=Strict, Secure on https. */
export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Writes a cookie; without maxAgeSeconds it is a session cookie (gone when the browser closes). */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`;
}
