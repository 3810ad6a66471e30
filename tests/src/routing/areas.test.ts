/**
 * The route table is the areas' (issue 52): each area's routes.ts gives its routes, pages and
 * resources, and routing/areas.ts lists the areas, one line each. These checks keep the table
 * whole as areas are added: every area folder with routes is listed, names and paths are unique,
 * every route shows a page or sends on to a route, and the addresses other areas build by hand
 * (routing/paths/) are the routes' own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorPath, listPath } from '../../../src/config-admin/stages/paths';
import { AREAS, ROUTES, pathFor } from '../../../src/routing/areas';
import { PAGES, RESOURCES } from '../../../src/routing/pages';
import { agreementEditPath, agreementPreviewPath, agreementsPath } from '../../../src/routing/paths/agreements';
import { configInternalStagePath } from '../../../src/routing/paths/configurator';
import * as tracker from '../../../src/routing/paths/tracker';
import { routeAt } from '../../../src/routing/routeAt';

const src = resolve(__dirname, '../../../src');

describe('the route table, from the areas', () => {
  it('lists every folder of src/ that has a routes.ts, once', () => {
    const withRoutes = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(join(src, entry.name)).includes('routes.ts'))
      .map((entry) => entry.name);
    const table = readFileSync(join(src, 'routing/areas.ts'), 'utf8');
    const listed = [...table.matchAll(/from '\.\.\/([\w-]+)\/routes'/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(withRoutes.sort());
    expect(AREAS).toHaveLength(withRoutes.length);
  });

  it('has each route name and path once', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a page, or sends it on to a route that has one', () => {
    for (const route of ROUTES) {
      if (route.redirectTo) {
        expect(PAGES[route.name], route.name).toBeUndefined();
        const target = routeAt(`#${route.redirectTo.replace(/:\w+/g, '7')}`);
        expect(target && PAGES[target], `${route.name} -> ${route.redirectTo}`).toBeTruthy();
      } else {
        expect(PAGES[route.name], route.name).toBeTruthy();
      }
    }
  });

  it("registers each area's react-admin resources by API name", () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(
      ['adminconfigs', 'agreements', 'audit-log', 'companies', 'media', 'posts', 'products', 'projects', 'tasks', 'tasks/notifications', 'tasks/stages', 'tasks/types', 'users'].sort(),
    );
    // A resource's list is the page of the route that shows it (the sidebar's link goes there).
    expect(RESOURCES.companies.list).toBe(PAGES.Companies);
    expect(RESOURCES.posts.edit).toBe(PAGES['Edit Showcases']);
    expect(RESOURCES['audit-log'].list).toBe(PAGES['Audit Log']);
  });

  it('builds the same addresses as the routes, where another area links by hand', () => {
    expect(configInternalStagePath(7, 'franchises')).toBe(pathFor('Config Internal Stage', { id: 7, slug: 'franchises' }));
    expect(agreementEditPath(3)).toBe(pathFor('Agreement Edit', { id: 3 }));
    expect(agreementPreviewPath(3)).toBe(pathFor('Agreement', { id: 3 }));
    expect(agreementsPath).toBe(pathFor('Agreements'));
    expect(tracker.trackerAllPath).toBe(pathFor('Tracker All'));
    expect(tracker.trackerNewPath).toBe(pathFor('Tracker New'));
    expect(tracker.trackerVariationsPath).toBe(pathFor('Tracker Variations'));
    expect(tracker.trackerApprovalPath).toBe(pathFor('Tracker Approval'));
    expect(tracker.trackerSummaryPath(5)).toBe(pathFor('Tracker Summary', { id: 5 }));
    expect(tracker.trackerProfilePath(5)).toBe(pathFor('Tracker Profile', { id: 5 }));
    expect(tracker.configDashboardPath(5)).toBe(pathFor('Config Dashboard', { id: 5 }));
    expect(listPath()).toBe(pathFor('Stage Catalogue'));
    expect(editorPath('a b')).toBe(pathFor('Stage Catalogue Edit', { slug: 'a b' }));
  });
});
