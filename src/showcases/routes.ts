import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm } from '../routing/define';
import showcases from './admin';

/** The showcases dealers browse, and the showcase admin (`posts` on the API). */
export default defineArea({
  routes: [
    auth('Showcases', '/showcases', 'routes.showcases', undefined, link('showcases', 'menu.showcases', 'main', 70)),
    auth('Showcase', '/showcases/:slug', 'routes.showcase'),
    auth('Showcase Media', '/showcases/media/:mediaId', 'routes.showcaseMedia'),
    auth('Showcases Admin', '/backend/showcases', 'routes.showcasesAdmin', perm(P.editPosts), link('showcase-admin-all', 'menu.admin', 'showcase-admin', 1)),
    auth('Create Showcases', '/backend/showcases/create', 'routes.createShowcases', perm(P.createPosts), link('showcase-admin-create', 'menu.create', 'showcase-admin', 2)),
    auth('Edit Showcases', '/backend/showcases/edit/:id', 'routes.editShowcases', perm(P.editPosts)),
  ],
  pages: {
    Showcases: lazyPage(() => import('./ShowcasesPage')),
    Showcase: lazyPage(() => import('./ShowcasePage')),
    'Showcase Media': lazyPage(() => import('./ShowcaseMediaPage')),
    'Showcases Admin': showcases.list,
    'Create Showcases': showcases.create,
    'Edit Showcases': showcases.edit,
  },
  resources: { posts: showcases },
  // The media page steps through one post's images: it shows, never edits, and a remount would
  // load the post again at every step.
  inPlace: ['Showcase Media'],
});
