import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The CSP nonce of this page. The server puts a fresh one per response in place of Vite's
 * `__CSP_NONCE__` placeholder, on `<meta property="csp-nonce" nonce="...">`. Browsers hide the
 * nonce attribute's value from getAttribute once applied, so read the `nonce` property first.
 * Under `vite dev` (no server replacing it) the placeholder itself is returned, which is harmless.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  if (!meta) return undefined;
  return meta.nonce || meta.getAttribute('nonce') || undefined;
}

/** Emotion's cache carrying the nonce, so every `<style>` MUI inserts is allowed by `style-src 'nonce-N'`. */
export function createNonceCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'css', nonce, prepend: true });
}
