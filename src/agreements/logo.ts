/**
 * The address of an order form's logo: `logo_path` holds the company's logo as the company stores
 * it, a media library guid (prefilled from the company's `logo` meta; the picker stores the same),
 * or an address an older agreement kept.
 */
export function logoSrc(logoPath: string | null | undefined): string | null {
  if (!logoPath) return null;
  if (/^(\/|https?:|data:)/.test(logoPath)) return logoPath;
  return `/api/media/${encodeURIComponent(logoPath)}/thumbnail`;
}

/** "company-information" -> "Company information": a category the stage catalogue does not name. */
export function humanise(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
