import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import media from '.';

/** The media library and its upload. */
export default defineArea({
  routes: [
    auth('Media', '/media', 'routes.media', perm(P.viewMedia), link('media-all', 'menu.all', 'media', 1)),
    auth('Media Upload', '/media/upload', 'routes.mediaUpload', perm(P.uploadMedia), link('media-add', 'menu.add', 'media', 2)),
  ],
  pages: { Media: media.list, 'Media Upload': media.create },
  resources: { media },
});
