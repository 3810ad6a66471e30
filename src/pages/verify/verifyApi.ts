import type { VerifyDocumentAnswer } from '../../../contract/agreements';

/** What verifying a file gave: the server's answer, or its refusal in words (e.g. "The file must be a PDF."). */
export type VerifyOutcome = { answer: VerifyDocumentAnswer } | { problem: string[] };

/**
 * POST /api/verify-document with the file's raw bytes (no sign-in). Not through the JSON client:
 * the body is the PDF itself, typed application/pdf whatever the file's name says, so the server
 * judges it by its content.
 */
export async function verifyDocument(file: Blob, localise: (texts: string[]) => string[], fetcher: typeof fetch = fetch): Promise<VerifyOutcome> {
  const response = await fetcher('/api/verify-document', {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    body: file,
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (response.ok) return { answer: body as VerifyDocumentAnswer };
  const parsed = (body ?? {}) as { message?: string; errors?: Array<{ detail?: string }> };
  const details = (parsed.errors ?? []).map((e) => e.detail ?? '').filter(Boolean);
  return { problem: localise(details.length ? details : parsed.message ? [parsed.message] : []) };
}
