/**
 * Rules and validation budgets of issue 3, in Node on this machine:
 * - removing one franchise from a group of 100 franchises, 500 locations, 2,000 departments and
 *   2,000 opening-hours entries: median under 2 ms (the whole cascade, to a fixed point);
 * - validating the whole company structure (every company stage of that group): under 10 ms.
 * Run: `npm run bench -- rules` or `npx tsx -e "import('./bench/rules.ts').then(m=>m.benchRules())"`.
 */
import { applyRules, loadStageValidators, stageCatalogue, updateStage, validateStage, type ConfigDocument } from '../engine';

const DEPARTMENTS = ['Bodyshop', 'Business', 'Fleet', 'Motability', 'Parts', 'Sales', 'Service', 'Finance'];
const day = (open: string, close: string) => ({ appt: false, dual: false, open, close });
const week = () => ({
  monday: day('09:00', '18:00'), tuesday: day('09:00', '18:00'), wednesday: day('09:00', '18:00'),
  thursday: day('09:00', '18:00'), friday: day('09:00', '18:00'),
  saturday: { appt: false, dual: true, open: '09:00', close: '12:00', open2: '13:00', close2: '16:00' },
  sunday: { appt: true, dual: false },
});

/** The benchmark's dealer group (also a realistic "large group" for other tools). */
export function largeGroup(franchises = 100, locations = 500, departments = 2000, hours = 2000): ConfigDocument {
  return {
    'company-information': {
      companyInformation: {
        name: 'Big Group plc', regAddress: { line1: '1 High Street' }, postcode: 'LS1 4AP', country: 'GB',
        regNumber: '01234567', fcaRegNumber: '654321', vatNumber: 'GB987654321', icoNumber: 'Z1234567',
      },
    },
    'key-contact': { keyContact: { name: 'Ann Lee', email: 'ann.lee@biggroup.co.uk', telephone: '0113 496 0000', position: 'Director' } },
    franchises: { franchises: Array.from({ length: franchises }, (_, i) => ({ id: `f${i}`, name: `Make ${i}` })) },
    locations: {
      locations: Array.from({ length: locations }, (_, i) => ({
        id: `l${i}`, name: `Site ${i}`,
        address: { line1: `${i} Ring Road`, town: 'Leeds', county: 'West Yorkshire', country: 'GB', latitude: 53.8, longitude: -1.55 },
        postcode: 'LS1 4AP',
        franchises: [...new Set([`f${i % franchises}`, `f${(i * 7 + 3) % franchises}`])],
      })),
    },
    departments: {
      departments: Array.from({ length: departments }, (_, i) => ({
        id: `d${i}`, name: DEPARTMENTS[i % 8], numbers: [{ label: 'Main', number: '0113 496 0000' }],
        locations: [`l${Math.floor(i / 4) % locations}`],
      })),
    },
    'opening-hours': {
      hours: Array.from({ length: hours }, (_, i) => ({ id: `h${i}`, name: `Hours ${i}`, departments: [`d${i % departments}`], days: week() })),
    },
    'social-feeds': { group: { facebook: 'https://facebook.com/biggroup' }, feeds: [{ id: 's0', franchises: ['f0', 'f1'], links: {} }] },
    divisions: { divisions: [{ id: 'v0', divisionName: 'North', divisionLocations: ['l0', 'l1'], selected: true }] },
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

function time(runs: number, fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

export async function benchRules(): Promise<void> {
  await loadStageValidators(); // as the server does when it starts
  const doc = applyRules(largeGroup()).doc; // settled and frozen, as the renderer and server hold it
  const franchises = doc.franchises.franchises as { id: string }[];

  // Warm up the JIT and ajv's compiled validators.
  for (let i = 0; i < 30; i++) updateStage(doc, 'franchises', { franchises: franchises.filter((_, j) => j !== i % 100) });

  const removal = time(200, (i) => {
    const id = `f${i % 100}`;
    updateStage(doc, 'franchises', { franchises: franchises.filter((f) => f.id !== id) });
  });
  const check = updateStage(doc, 'franchises', { franchises: franchises.filter((f) => f.id !== 'f0') });
  const stripped = (check.doc.locations.locations as { franchises: string[] }[]).filter((l) => !l.franchises.length).length;

  const company = stageCatalogue.filter((s) => s.section === 'configurator:sections.company' || s.section === 'configurator:sections.structure');
  const present = company.filter((s) => doc[s.slug]);
  for (let i = 0; i < 10; i++) for (const s of present) validateStage(s.slug, doc[s.slug], doc);
  let errors = 0;
  const validation = time(100, () => {
    errors = 0;
    for (const s of present) errors += validateStage(s.slug, doc[s.slug], doc).errors.length;
  });

  // Cold: data never seen before (e.g. just read from the database), so nothing is cached.
  const copies = Array.from({ length: 30 }, () => structuredClone(present.map((s) => doc[s.slug])));
  const cold = time(copies.length, (i) => {
    present.forEach((s, j) => validateStage(s.slug, copies[i][j], doc));
  });

  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log('Group: 100 franchises, 500 locations, 2,000 departments, 2,000 opening-hours entries');
  console.log(`remove one franchise (cascade to fixed point): median ${ms(median(removal))}, p95 ${ms(p95(removal))}  [target median < 2 ms] ${median(removal) < 2 ? 'OK' : 'OVER'}`);
  console.log(`  (${check.patches.length} patches; rules applied: ${check.applied.join(', ')}; locations left without franchise: ${stripped})`);
  console.log(`validate whole company structure (${present.map((s) => s.slug).join(', ')}): median ${ms(median(validation))}, p95 ${ms(p95(validation))}  [target < 10 ms] ${median(validation) < 10 ? 'OK' : 'OVER'}`);
  console.log(`  (${errors} errors in the benchmark data; same data re-validated, frozen subtrees cached)`);
  console.log(`validate whole company structure, cold (unfrozen data never seen before): median ${ms(median(cold))}, p95 ${ms(p95(cold))}`);
}
