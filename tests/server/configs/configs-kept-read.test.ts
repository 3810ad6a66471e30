import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { companyInformation, configPath, newConfig, withDemoServer, writeStage, type ConfigBody, type Demo } from '../configs-helpers';
import { call, servedFromMemory } from '../helpers';

// The config read is a kept answer (server/db/read-cache.ts, issue 32): a repeated read comes from
// memory, but never after a write, and never to another reader than the one it was built for.
// On both databases (the PostgreSQL project runs this file too).

let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

const read = (token: string, path: string) => call<ConfigBody>(server, 'GET', path, { token });

describe('the config read from memory', () => {
  it('a repeated read is served from memory; a stage write shows on the very next read, by id and by guids', async () => {
    // A config of the dealer's company that nobody has submitted yet (the demo one has stages in review).
    const config = await newConfig(server, d.tokens.admin, d.motors.company.guid);
    const byId = `/api/configs/${config.id}`;
    const byGuids = configPath(config);
    expect(await servedFromMemory(server.app.database.reads, () => read(d.tokens.dealer, byId))).toBe(true);
    expect(await servedFromMemory(server.app.database.reads, () => read(d.tokens.dealer, byGuids))).toBe(true);
    const before = (await read(d.tokens.dealer, byGuids)).body;

    const written = await writeStage(server, d.tokens.dealer, before, { slug: 'company-information', data: companyInformation, state: 'draft', version: before.version });
    expect(written.status, written.text).toBe(200);
    for (const path of [byId, byGuids]) {
      const after = await read(d.tokens.dealer, path);
      expect(after.body.version).toBe(written.body.version);
      expect(after.body.data['company-information']).toEqual(written.body.data['company-information']);
      expect(after.body.data['company-information']).not.toEqual(before.data['company-information']);
    }
  });

  it('an answer kept for one reader is never given to another: a dealer of another company gets 404, staff without manage configs no internal data', async () => {
    const path = configPath(d.motors);
    expect(await servedFromMemory(server.app.database.reads, () => read(d.tokens.admin, path))).toBe(true);
    const admin = (await read(d.tokens.admin, path)).body;
    expect(admin.internal_data).toBeDefined();

    const other = await read(d.tokens.dealer2, path);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(d.motors.guid);
    const otherById = await read(d.tokens.dealer2, `/api/configs/${d.motors.id}`);
    expect(otherById.status).toBe(404);

    const dealer = (await read(d.tokens.dealer, path)).body;
    expect(dealer.internal_data).toBeUndefined();
    expect(dealer.stages.some((s) => s.audience === 'internal')).toBe(false);
  });
});
