import type { MediaItem } from '../../contract/media';
import { errorText } from '../http';
import { localiseServerText } from '../i18n/serverText';
import { session } from '../session/session';
import { readToken } from '../session/storage';

/** One stored file as POST /api/media answers it: the contract's shape (contract/media.ts), which the server serialises with. */
export type UploadedMedia = MediaItem;
export type UploadOutcome = { ok: true; media: UploadedMedia } | { ok: false; messages: string[] };
type Translate = (key: string, params?: Record<string, string>) => string;

function send(file: File, query: string, language: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/media${query}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept-Language', language);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    // No answer at all (network down, cancelled): status 0.
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: null });
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST /api/media with one file, by XMLHttpRequest so the browser reports upload progress (fetch
 * cannot). The bearer token is the session's; a 401 (token expired meanwhile) goes through the
 * session's recovery once, as every other call does. Errors come back in the user's language.
 * `logo` applies the spec's logo rule; `companyId` files the upload under that company. Shared by
 * the media library's upload page and the company form's logo field (areas never import each other).
 */
export async function uploadFile(
  file: File,
  opts: { logo: boolean; companyId?: number | null; language: string; t: Translate; onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadOutcome> {
  const params = new URLSearchParams();
  if (opts.logo) params.set('purpose', 'logo');
  if (opts.companyId) params.set('company_id', String(opts.companyId));
  const search = params.toString();
  const query = search ? `?${search}` : '';
  let answer = await send(file, query, opts.language, opts.onProgress, opts.signal);
  if (answer.status === 401 && (await session.recover()) === 'retry') answer = await send(file, query, opts.language, opts.onProgress, opts.signal);
  if (answer.status === 201) {
    const media = (answer.body as { media?: UploadedMedia[] } | null)?.media?.[0];
    if (media) return { ok: true, media };
  }
  const messages = errorText(answer.status || undefined, answer.body, (key) => opts.t(key)).map((text) => localiseServerText(text, opts.t));
  return { ok: false, messages };
}
