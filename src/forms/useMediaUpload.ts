import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../data/upload';
import { http } from '../http';

/** An upload under way: its sent fraction (0 to 1), then `checking` while the server checks the file. */
export type MediaUploadState = { progress: number; checking: boolean };

/**
 * One file's upload to the media library from a form field (the company logo, a stage's media
 * input): progress, the server's check, the messages of a refusal in the user's language, and a
 * cancel when the field goes. `logo` applies the spec's logo rule; `companyId` files the upload
 * under that company. On success the media list and picker read the library fresh and
 * `onUploaded` gets the new file's guid.
 * @example const { upload, percent, errors, onFile } = useMediaUpload({ logo: true, companyId, onUploaded: field.onChange });
 */
export function useMediaUpload({ logo, companyId, onUploaded }: { logo: boolean; companyId?: number; onUploaded: (guid: string) => void }) {
  const { t, i18n } = useTranslation();
  const [upload, setUpload] = useState<MediaUploadState | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    setUpload({ progress: 0, checking: false });
    aborter.current = new AbortController();
    const outcome = await uploadFile(file, {
      logo,
      companyId,
      language: i18n.language,
      t: (key, params) => t(key, params),
      signal: aborter.current.signal,
      onProgress: (fraction) => setUpload(fraction >= 1 ? { progress: 1, checking: true } : { progress: fraction, checking: false }),
    });
    if (aborter.current.signal.aborted) return;
    setUpload(null);
    if (!outcome.ok) {
      setErrors(outcome.messages);
      return;
    }
    // The library changed: the media list and picker read it fresh.
    http.cache.clear('/media');
    onUploaded(outcome.media.guid);
  };

  const percent = Math.round((upload?.progress ?? 0) * 100);
  return { upload, percent, errors, onFile };
}
