// Stage sets by project type (issue 8): GET /configs/stages lists them from schemas/stage-sets.json,
// and a new config starts with its project and design type's stages. Real server, real database
// (PGlite, and PostgreSQL in the api-postgres project).
import { describe, expect, it } from 'vitest';
import { stageCatalogue } from '../../../engine';
import type { TestServer } from '../../support/server';
import {
  companyInformation, franchises, location, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo, type ErrorBody,
} from '../configs-helpers';
import { call } from '../helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

interface Catalogue {
  stages: { slug: string }[];
  types: { design_types: string[]; project_types: string[] };
  stage_sets: { project_types: Record<string, string[]>; design_types: Record<string, { remove: string[] }> };
}

const create = (config: Record<string, unknown>) =>
  call<ConfigBody & ErrorBody>(server, 'POST', `/api/companies/${d.motors.company.guid}/configs`, { token: d.tokens.pm, body: { config: { name: `Sets ${Math.random().toString(36).slice(2, 7)}`, ...config }, lang: 'en' } });
const slugs = (c: ConfigBody) => c.stages.map((s) => s.slug);

describe('GET /configs/stages', () => {
  it('lists the stages, the 14 project types and 4 design types, and the stages each starts with', async () => {
    const r = await call<Catalogue>(server, 'GET', '/api/configs/stages', { token: d.tokens.pm });
    expect(r.status).toBe(200);
    expect(r.body.types.project_types).toHaveLength(14);
    expect(r.body.types.design_types).toEqual(['template', 'custom', 'franchise', 'na']);
    expect(Object.keys(r.body.stage_sets.project_types).sort()).toEqual([...r.body.types.project_types].sort());
    const known = new Set(r.body.stages.map((s) => s.slug));
    for (const [type, list] of Object.entries(r.body.stage_sets.project_types)) {
      expect(list, type).toContain('company-information');
      for (const slug of list) expect(known.has(slug), `${type}: ${slug}`).toBe(true);
    }
    // A dealer group gets every section; a stock-feed project only what stock needs.
    expect(r.body.stage_sets.project_types['multi-franchise-dealer']).toEqual(r.body.stages.map((s) => s.slug));
    expect(r.body.stage_sets.project_types.stock).toEqual(expect.arrayContaining(['import-feeds', 'stock', 'terms', 'confirmation']));
    expect(r.body.stage_sets.project_types.stock).not.toContain('buying-online');
    expect(r.body.stage_sets.design_types.na.remove).toContain('design-brief');
  });
});

describe('POST /companies/{guid}/configs with a project_type', () => {
  it('starts a leasing project without a website design with its own stages, in catalogue order', async () => {
    const r = await create({ design_type: 'na', project_type: 'leasing' });
    expect(r.status).toBe(201);
    expect(slugs(r.body)).toEqual(expect.arrayContaining(['company-information', 'users', 'leasing', 'rate-book', 'compliance', 'terms', 'confirmation']));
    for (const absent of ['opening-hours', 'buying-online', 'design-brief', 'homepage-elements']) expect(slugs(r.body)).not.toContain(absent);
    const order = stageCatalogue.map((s) => s.slug);
    expect(slugs(r.body)).toEqual(order.filter((s) => slugs(r.body).includes(s)));
    // The set is the config's: reading it back gives the same stages.
    const back = await call<ConfigBody>(server, 'GET', `/api/configs/${r.body.guid}`, { token: d.tokens.pm });
    expect(slugs(back.body)).toEqual(slugs(r.body));
  });

  it('starts with every stage without a project type (as before), and the design type trims a franchise design', async () => {
    const all = await create({ design_type: 'custom' });
    expect(all.status).toBe(201);
    expect(slugs(all.body)).toEqual(stageCatalogue.filter((s) => all.body.stages.some((x) => x.slug === s.slug)).map((s) => s.slug));
    expect(slugs(all.body)).toEqual(expect.arrayContaining(['design-brief', 'buying-online', 'confirmation']));
    const franchise = await create({ design_type: 'franchise', project_type: 'multi-franchise-dealer' });
    expect(slugs(franchise.body)).not.toContain('design-brief');
    expect(slugs(franchise.body)).toContain('homepage-elements');
  });

  it('refuses a project type outside the spec enumeration (400)', async () => {
    expect((await create({ design_type: 'custom', project_type: 'boat-dealer' })).status).toBe(400);
  });
});

describe('a single-franchise dealer', () => {
  it('never picks its make: the sole franchise is selected on locations and stock; confirmation waits for every section', async () => {
    const created = await create({ design_type: 'template', project_type: 'single-franchise-dealer' });
    expect(created.status).toBe(201);
    const config = await writeStages(server, d.tokens.pm, created.body, [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('Kia'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Leeds', [])] }, state: 'draft' },
      { slug: 'stock', data: { stock: { stockType: 2, vehicleType: 'new', locations: [], franchises: [], featuredUsed: true, notes: '' } }, state: 'draft' },
    ]);
    expect(config.data.locations.locations).toEqual([expect.objectContaining({ id: 'l1', franchises: ['fKia'] })]);
    expect(config.data.stock.stock).toMatchObject({ locations: ['l1'], franchises: ['fKia'] });

    const early = await writeStage(server, d.tokens.pm, config, { slug: 'confirmation', data: { confirmation: { confirmed: true, comments: '' } }, state: 'submitted', version: config.version });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual(
      expect.arrayContaining([{ detail: expect.stringContaining('Complete every required section'), field: expect.stringContaining('confirmation') }]),
    );
  });
});
