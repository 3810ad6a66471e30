/** The dealer-facing showcase paths (spec section 2: /showcases, /showcases/{slug}, /showcases/media/{mediaId}). */
export const SHOWCASES_PATH = '/showcases';
export const showcasePath = (slug: string) => `/showcases/${encodeURIComponent(slug)}`;
/** One image, large; with the post's slug the page offers previous / next and the way back. */
export const showcaseMediaPath = (guid: string, slug?: string) => `/showcases/media/${encodeURIComponent(guid)}${slug ? `?post=${encodeURIComponent(slug)}` : ''}`;
