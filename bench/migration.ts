/**
 * Legacy dealer import budgets of issue 30, on PGlite (the test server, in process): a generated
 * 5,000-row legacy CSV (1 company, 20 franchises, 800 locations, 1,600 departments rows, 56
 * opening-hours rows, 2,000 users, 500 domains, 23 news and offers) into a fresh config of Demo
 * Motors: `POST /api/migration/dry-run` under 2 s, and the import (`POST /api/migration/imports`,
 * polled every 250 ms as the page does, so progress is shown) under 10 s, median of 5, each import
 * on a config of its own. Baselines, same run: the parse alone, and the same final stage data
 * written by plain sequential stage PUTs (one per stage, as typed) on a fresh config.
 * Run: `npm run bench -- migration` (only PGlite: TEST_DATABASE_URL is ignored here).
 */
import { parseLegacyFile } from '../server/migration/migration.parse';
import { startTestServer, type TestServer } from '../tests/support/server';
import { call, login } from '../tests/server/helpers';

const RUNS = 5;
const DRY_BUDGET_MS = 2000;
const IMPORT_BUDGET_MS = 10_000;

/** The 5,000-row file, as CSV. */
export function legacyCsv(): string {
  const lines = ['record,name,address_line1,town,postcode,country,reg_number,franchises,location,telephone,department,day,open,close,first_name,last_name,email,role,departments,receive_leads,domain,primary,title,date'];
  const row = (o: Record<string, string>) => lines.push(lines[0].split(',').map((c) => o[c] ?? '').join(','));
  row({ record: 'company', name: 'Bench Motor Group Ltd', address_line1: '1 Bench Road', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB', reg_number: '09999999' });
  const makes = Array.from({ length: 20 }, (_, i) => `Make ${i + 1}`);
  for (const name of makes) row({ record: 'franchise', name });
  for (let i = 0; i < 800; i++) row({ record: 'location', name: `Bench Site ${i + 1}`, address_line1: `${i + 1} Long Road`, town: 'Leeds', postcode: 'LS1 1AA', country: 'GB', franchises: `${makes[i % 20]};${makes[(i + 7) % 20]}` });
  for (let i = 0; i < 800; i++) {
    row({ record: 'department', name: 'Sales', location: `Bench Site ${i + 1}`, telephone: `0113 496 ${String(i).padStart(4, '0')}` });
    row({ record: 'department', name: i % 2 ? 'Service' : 'Parts', location: `Bench Site ${i + 1}`, telephone: `0113 497 ${String(i).padStart(4, '0')}` });
  }
  for (const department of ['Sales', 'Service', 'Parts', 'Sales', 'Service', 'Parts', 'Sales', 'Service']) {
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) row({ record: 'hours', department, day, open: '08:30', close: '18:00' });
  }
  for (let i = 0; i < 2000; i++) row({ record: 'user', first_name: `First${i}`, last_name: `Last${i}`, email: `user${i}@bench-motors.example`, role: i % 10 ? 'E' : 'M', departments: i % 2 ? 'Sales' : 'Service', receive_leads: 'yes' });
  for (let i = 0; i < 500; i++) row({ record: 'domain', domain: `bench-site-${i}.co.uk`, primary: i === 0 ? 'yes' : '' });
  for (let i = 0; i < 23; i++) row({ record: i % 2 ? 'offer' : 'news', title: `Item ${i}`, date: i % 3 ? '2099-01-01' : '2010-01-01' });
  return lines.join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function newConfig(server: TestServer, token: string, company: string) {
  const r = await call<{ id: number; guid: string; version: number; company: { guid: string } }>(server, 'POST', `/api/companies/${company}/configs`, { token, body: { config: { name: `Bench ${Math.random()}`, design_type: 'custom' }, lang: 'en' } });
  if (r.status !== 201) throw new Error(`create config: ${r.status} ${r.text}`);
  return r.body;
}

export async function benchMigration() {
  delete process.env.TEST_DATABASE_URL;
  const csv = legacyCsv();
  const rows = csv.split('\n').length - 1;
  const server = await startTestServer();
  try {
    const { token } = await login(server, 'admin@demo.test');
    const companies = await call<Array<{ guid: string; name: string }>>(server, 'GET', `/api/companies?filter=${encodeURIComponent(JSON.stringify({ q: 'Demo Motors' }))}`, { token });
    const company = companies.body.find((c) => c.name === 'Demo Motors')!.guid;
    const file = { name: 'bench.csv', content: csv };

    const parse: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      parseLegacyFile(csv);
      parse.push(performance.now() - t0);
    }

    const dry: number[] = [];
    const imports: number[] = [];
    const puts: number[] = [];
    let polls = 0;
    for (let i = 0; i < RUNS; i++) {
      const config = await newConfig(server, token, company);
      let t0 = performance.now();
      const d = await call<{ rejected: number }>(server, 'POST', '/api/migration/dry-run', { token, body: { file, config: config.guid } });
      dry.push(performance.now() - t0);
      if (d.status !== 200 || d.body.rejected) throw new Error(`dry run: ${d.status} ${d.text.slice(0, 500)}`);

      t0 = performance.now();
      const started = await call<{ id: string }>(server, 'POST', '/api/migration/imports', { token, body: { file, config: config.guid } });
      if (started.status !== 202) throw new Error(`import: ${started.status} ${started.text}`);
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        polls++;
        const job = await call<{ status: string; processed: number; total: number; error?: unknown }>(server, 'GET', `/api/migration/jobs/${started.body.id}`, { token });
        if (job.body.status === 'running') continue;
        if (job.body.status !== 'done') throw new Error(`import ${job.body.status}: ${JSON.stringify(job.body.error)}`);
        break;
      }
      imports.push(performance.now() - t0);

      // Baseline: the imported stage data, written again by plain stage PUTs (one per stage) on a fresh config.
      const done = await call<{ data: Record<string, unknown>; stages: Array<{ slug: string }> }>(server, 'GET', `/api/configs/${config.id}`, { token });
      let target = await newConfig(server, token, company);
      t0 = performance.now();
      for (const slug of ['company-information', 'franchises', 'locations', 'departments', 'opening-hours', 'users', 'domains']) {
        const w = await call<{ version: number; guid: string; company: { guid: string } }>(server, 'PUT', `/api/companies/${target.company.guid}/configs/${target.guid}`, { token, body: { slug, data: done.body.data[slug], state: 'draft', version: target.version } });
        if (w.status !== 200) throw new Error(`PUT ${slug}: ${w.status} ${w.text.slice(0, 300)}`);
        target = { ...target, version: w.body.version };
      }
      puts.push(performance.now() - t0);
    }
    const [mp, md, mi, mb] = [median(parse), median(dry), median(imports), median(puts)];
    console.log(`${rows} rows, ${(csv.length / 1024).toFixed(0)} KiB, PGlite, median of ${RUNS}`);
    console.log(`parse alone:                 ${ms(mp)}`);
    console.log(`dry run:                     ${ms(md)}  (budget ${ms(DRY_BUDGET_MS)}: ${md < DRY_BUDGET_MS ? 'ok' : 'OVER'})`);
    console.log(`import (job, polled 250 ms): ${ms(mi)}  (budget ${ms(IMPORT_BUDGET_MS)}: ${mi < IMPORT_BUDGET_MS ? 'ok' : 'OVER'}; ${(polls / RUNS).toFixed(1)} progress polls per import)`);
    console.log(`baseline, 7 stage PUTs:      ${ms(mb)}  (import / PUTs: ${(mi / mb).toFixed(2)}x)`);
  } finally {
    await server.close();
  }
}
