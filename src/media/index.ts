import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const MediaList = lazyPage(() => import('./MediaList'));
const MediaUpload = lazyPage(() => import('./MediaUpload'));

/**
 * The media resource, spread into `<Resource name="media" {...media} />`. The spec's paths (`/media`,
 * `/media/upload`) show these screens through their guarded named routes (routing/routeElements.tsx).
 */
const media = {
  list: MediaList,
  create: MediaUpload,
  recordRepresentation: (record: RaRecord) => String(record.filename ?? ''),
};
export default media;
