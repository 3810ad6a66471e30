/**
 * Spec section 5: "Primary navigation: at most 6 items". The global navigation stage's limit is an
 * error of the engine's checks, run by the server's writeStage as by the form: 7 top-nav items are
 * refused (422, the error shape naming /structure/items), on submit as on a draft save, as other
 * hard limits (maxItems) are; 6 are stored. "No more than 4 advised" under an item stays a warning.
 */
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { companyInformation, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo } from '../configs-helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const LIMIT = 'Primary navigation: at most 6 items. Take the rest out of the top navigation';
const navigation = (top: number, children = 0) => ({
  structure: {
    franchises: [],
    items: Array.from({ length: top + 1 }, (_, i) => ({
      name: `Page ${i}`,
      slug: `page-${i}`,
      // One item more than `top`, out of the top navigation: only top-nav items count.
      topNav: i < top,
      children: Array.from({ length: children }, (_, j) => ({ name: `Sub ${j}`, slug: `sub-${j}` })),
    })),
  },
});

async function ready(): Promise<ConfigBody> {
  const config = await newConfig(server, d.tokens.pm, d.motors.company.guid);
  return writeStages(server, d.tokens.pm, config, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
}

describe('PUT a config stage: the global navigation has at most 6 top-nav items', () => {
  it.each(['submitted', 'draft'])('refuses 7 on a %s write with the limit message (422), storing nothing', async (state) => {
    const config = await ready();
    const r = await writeStage(server, d.tokens.pm, config, { slug: 'global-navigation', data: navigation(7), state, version: config.version });
    expect(r.status, r.text).toBe(422);
    expect(r.body.message).toEqual(expect.any(String));
    expect(r.body.errors).toEqual([{ detail: LIMIT, field: '/structure/items' }]);
    const after = await writeStage(server, d.tokens.pm, config, { slug: 'global-navigation', data: navigation(6), state, version: config.version });
    expect(after.status, 'the refused write stored nothing: the version did not move').toBe(200);
  });

  it('stores 6 with 5 children under each, the children advice a warning only', async () => {
    const config = await ready();
    const r = await writeStage(server, d.tokens.pm, config, { slug: 'global-navigation', data: navigation(6, 5), state: 'submitted', version: config.version });
    expect(r.status, r.text).toBe(200);
    expect((r.body.data as Record<string, { structure: { items: unknown[] } }>)['global-navigation'].structure.items).toHaveLength(7);
    expect(r.body.warnings).toHaveLength(7);
    expect(r.body.warnings).toContainEqual(expect.objectContaining({ key: 'validation:warning.navigationItems', field: '/structure/items/0/children' }));
  });
});
