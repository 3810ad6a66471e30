/**
 * Legacy rows to stage data, one mapper per stage (server/migration/README.md "Mapping"). Each
 * starts from the stage data already entered, matches legacy rows to existing items by name (by
 * email for users, by address for domains), adds what is new, fills what the existing item lacks
 * and reports a differing value as a conflict, keeping the existing value. References between
 * stages go by the ids the earlier stages' data holds, so the stages are mapped in STAGE_ORDER,
 * each on the engine's result of the one before (migration.run.ts).
 */
import { generateId, type ConfigDocument } from '../../engine';
import { interpolate, serverMessages } from '../messages';
import { compact, listOf, mergeItem, norm, yes } from './migration.fields';
import type { LegacyRow, RecordType, ReportRow } from './migration.types';

export interface StageMapping {
  /** The stage data to write (null: no row of the file maps here, the stage is left alone). */
  data: Record<string, unknown> | null;
  /** Where each row's change landed in the stage data (a JSON pointer), to pin the engine's errors on rows. */
  placed: Array<{ path: string; ref: string }>;
  /** One report row per legacy row. */
  rows: ReportRow[];
}

type Item = Record<string, unknown> & { id?: string; name?: string };
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** The department names the departments stage accepts (schemas/shapes/department-name.json). */
const DEPARTMENT_NAMES = ['Bodyshop', 'Business', 'Fleet', 'Motability', 'Parts', 'Sales', 'Service', 'Finance'];

const listAt = (doc: ConfigDocument, slug: string, key: string): Item[] => {
  const v = (doc[slug] as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(v) ? (v as Item[]) : [];
};
/** The lists' items by normalised name, built once per list (rows look names up thousands of times). */
const nameIndexes = new WeakMap<Item[], Map<string, Item>>();
function byName(items: Item[], name: string): Item | undefined {
  let index = nameIndexes.get(items);
  if (!index) {
    index = new Map();
    for (const i of items) if (!index.has(norm(i.name))) index.set(norm(i.name), i);
    nameIndexes.set(items, index);
  }
  return index.get(norm(name));
}
/** Ids in use in a list, for fresh ones (kept as a set: a list may hold thousands of items). */
const takenIds = (items: Item[]) => new Set(items.map((i) => String(i.id ?? '')));
/** A fresh id not in `taken` (added to it). */
function freshId(taken: Set<string>): string {
  let id = generateId();
  while (taken.has(id)) id = generateId();
  taken.add(id);
  return id;
}

function row(r: LegacyRow, stage: string, name: string, status: ReportRow['status'], extra: Partial<ReportRow> = {}): ReportRow {
  return { ref: r.ref, record: r.record, name, stage, status, ...extra };
}

/** Names resolved to ids of a list; the first unknown name rejects the row. */
function idsOf(names: string[], items: Item[], kind: string): { ids: string[] } | { missing: string } {
  const ids: string[] = [];
  for (const name of names) {
    const found = byName(items, name);
    if (!found) return { missing: interpolate(serverMessages.migration.unknown_reference, { kind, name }) };
    ids.push(String(found.id));
  }
  return { ids };
}

/**
 * The generic list merge: each legacy row becomes a candidate item; one matching an existing item
 * (or an earlier row of the file) merges into it, otherwise it is added with a fresh id.
 */
function mergeList(
  slug: string,
  key: string,
  existing: Item[],
  rows: LegacyRow[],
  build: (r: LegacyRow) => { item: Item; name: string; matchKey?: string } | { reject: string; name: string },
  unionKeys: readonly string[] = [],
  matchField = 'name',
): { list: Item[]; placed: StageMapping['placed']; rows: ReportRow[] } {
  const list = [...existing];
  const placed: StageMapping['placed'] = [];
  const out: ReportRow[] = [];
  const fromFile = new Set<number>();
  const taken = takenIds(list);
  // Items by their matched field, normalised (the first of equal ones wins, as a search would find it).
  const index = new Map<string, number>();
  list.forEach((i, at) => {
    const k = norm(i[matchField]);
    if (!index.has(k)) index.set(k, at);
  });
  for (const r of rows) {
    const b = build(r);
    if ('reject' in b) {
      out.push(row(r, slug, b.name, 'rejected', { reason: b.reject }));
      continue;
    }
    const matchValue = b.matchKey ?? b.name;
    const at = index.get(norm(matchValue)) ?? -1;
    if (at < 0) {
      const item = { id: freshId(taken), ...b.item };
      list.push(item);
      index.set(norm(matchValue), list.length - 1);
      fromFile.add(list.length - 1);
      placed.push({ path: `/${key}/${list.length - 1}`, ref: r.ref });
      out.push(row(r, slug, b.name, 'new'));
      continue;
    }
    const merged = mergeItem(list[at], b.item, unionKeys);
    list[at] = merged.item;
    if (merged.filled) placed.push({ path: `/${key}/${at}`, ref: r.ref });
    const target = String(list[at][matchField] ?? '');
    // A repeat of a row earlier in the same file is no news: it maps where that one did.
    const status = merged.conflicts.length ? 'conflict' : merged.filled ? (fromFile.has(at) ? 'new' : 'updated') : 'unchanged';
    out.push(row(r, slug, b.name, status, { target, ...(merged.conflicts.length ? { reason: interpolate(serverMessages.migration.conflict, { fields: merged.conflicts.join(', ') }) } : {}) }));
  }
  return { list, placed, rows: out };
}

function mapCompany(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'company-information';
  const [first, ...others] = rows;
  const report: ReportRow[] = others.map((r) => row(r, slug, r.fields.name ?? '', 'rejected', { reason: serverMessages.migration.one_company }));
  if (!first) return { data: null, placed: [], rows: [] };
  const f = first.fields;
  const legacy = compact({
    name: f.name,
    regAddress: { line1: f.address_line1 ?? f.line1, line2: f.address_line2 ?? f.line2, line3: f.address_line3 ?? f.line3 },
    postcode: f.postcode,
    country: f.country?.toUpperCase(),
    regNumber: f.reg_number,
    vatNumber: f.vat_number,
    fcaRegNumber: f.fca_number,
    icoNumber: f.ico_number,
  });
  const stage = (doc[slug] as Record<string, unknown> | undefined) ?? {};
  const existing = (stage.companyInformation as Item | undefined) ?? {};
  const merged = mergeItem(existing, legacy);
  const isNew = !Object.keys(existing).length;
  const status = isNew ? 'new' : merged.conflicts.length ? 'conflict' : merged.filled ? 'updated' : 'unchanged';
  report.unshift(
    row(first, slug, f.name ?? '', status, {
      ...(isNew ? {} : { target: String(existing.name ?? '') }),
      ...(merged.conflicts.length ? { reason: interpolate(serverMessages.migration.conflict, { fields: merged.conflicts.join(', ') }) } : {}),
    }),
  );
  return { data: { ...stage, companyInformation: merged.item }, placed: merged.filled ? [{ path: '/companyInformation', ref: first.ref }] : [], rows: report };
}

function mapFranchises(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'franchises';
  const r = mergeList(slug, 'franchises', listAt(doc, slug, 'franchises'), rows, (x) => ({ item: compact({ name: x.fields.name }), name: x.fields.name ?? '' }));
  return { data: { ...(doc[slug] as object), franchises: r.list }, placed: r.placed, rows: r.rows };
}

/** The company's country (company information) for legacy addresses that name none. */
const countryOf = (doc: ConfigDocument) => String(((doc['company-information'] as Record<string, Item> | undefined)?.companyInformation?.country as string | undefined) ?? 'GB');

function mapLocations(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'locations';
  const franchises = listAt(doc, 'franchises', 'franchises');
  const r = mergeList(
    slug,
    'locations',
    listAt(doc, slug, 'locations'),
    rows,
    (x) => {
      const f = x.fields;
      const refs = idsOf(listOf(f.franchises), franchises, 'franchise');
      if ('missing' in refs) return { reject: refs.missing, name: f.name ?? '' };
      return {
        name: f.name ?? '',
        item: compact({
          name: f.name,
          address: { line1: f.address_line1 ?? f.line1, line2: f.address_line2 ?? f.line2, line3: f.address_line3 ?? f.line3, town: f.town, county: f.county, country: (f.country || countryOf(doc)).toUpperCase() },
          postcode: f.postcode,
          franchises: refs.ids,
        }),
      };
    },
    ['franchises'],
  );
  // A new location needs its franchises list even when the legacy row named none (the stage requires it).
  const list = r.list.map((l) => (Array.isArray(l.franchises) ? l : { ...l, franchises: [] }));
  return { data: { ...(doc[slug] as object), locations: list }, placed: r.placed, rows: r.rows };
}

/** A legacy department name in the stage's spelling ("SALES" -> "Sales"); unknown names stay as written (the engine refuses them). */
const departmentName = (s: string | undefined) => DEPARTMENT_NAMES.find((n) => norm(n) === norm(s)) ?? (s ?? '').trim();

function mapDepartments(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'departments';
  const locations = listAt(doc, 'locations', 'locations');
  const r = mergeList(
    slug,
    'departments',
    listAt(doc, slug, 'departments'),
    rows,
    (x) => {
      const f = x.fields;
      const name = departmentName(f.name);
      const refs = idsOf(listOf(f.location ?? f.locations), locations, 'location');
      if ('missing' in refs) return { reject: refs.missing, name };
      const numbers = f.telephone ? [compact({ label: f.label, number: f.telephone })] : [];
      return { name, item: { name, numbers, locations: refs.ids } };
    },
    ['locations', 'numbers'],
  );
  return { data: { ...(doc[slug] as object), departments: r.list }, placed: r.placed, rows: r.rows };
}

type Day = Record<string, unknown>;
const CLOSED: Day = { appt: false, dual: false };

/** One legacy hours row as a day of the opening-hours shape. */
function dayOf(f: Record<string, string>): Day {
  if (yes(f.closed) || !f.open) return { ...CLOSED, ...(yes(f.appointment) ? { appt: true } : {}) };
  const dual = !!(f.open2 || f.close2);
  return compact({ appt: yes(f.appointment), dual, open: f.open, close: f.close, ...(dual ? { open2: f.open2, close2: f.close2 } : {}) }) as Day;
}

/**
 * Opening hours: the legacy rows of one department (one row per day) make one hours item for that
 * department. An existing item that already covers the department is matched: the same days are
 * unchanged, other days a conflict (the hours entered are kept).
 */
function mapHours(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'opening-hours';
  const departments = listAt(doc, 'departments', 'departments');
  const list = [...listAt(doc, slug, 'hours')];
  const out: ReportRow[] = [];
  const placed: StageMapping['placed'] = [];
  const groups = new Map<string, { department: Item; name: string; days: Record<string, Day>; rows: Array<{ r: LegacyRow; day: string }> }>();
  for (const r of rows) {
    const f = r.fields;
    const label = `${f.department ?? ''} ${f.day ?? ''}`.trim();
    const department = byName(departments, departmentName(f.department));
    if (!department) {
      out.push(row(r, slug, label, 'rejected', { reason: interpolate(serverMessages.migration.unknown_reference, { kind: 'department', name: f.department ?? '' }) }));
      continue;
    }
    const day = norm(f.day);
    if (!(DAYS as readonly string[]).includes(day)) {
      out.push(row(r, slug, label, 'rejected', { reason: interpolate(serverMessages.migration.bad_day, { day: f.day ?? '' }) }));
      continue;
    }
    const key = String(department.id);
    const g = groups.get(key) ?? { department, name: f.name || String(department.name), days: {}, rows: [] };
    g.days[day] = dayOf(f);
    g.rows.push({ r, day });
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const days = Object.fromEntries(DAYS.map((d) => [d, g.days[d] ?? CLOSED]));
    const at = list.findIndex((h) => Array.isArray(h.departments) && (h.departments as string[]).includes(String(g.department.id)));
    if (at < 0) {
      list.push({ id: freshId(takenIds(list)), name: g.name, departments: [String(g.department.id)], days });
      for (const { r, day } of g.rows) {
        out.push(row(r, slug, `${g.department.name} ${day}`, 'new'));
        placed.push({ path: `/hours/${list.length - 1}/days/${day}`, ref: r.ref });
      }
      continue;
    }
    const existingDays = (list[at].days ?? {}) as Record<string, Day>;
    for (const { r, day } of g.rows) {
      const same = JSON.stringify(compact(existingDays[day] ?? CLOSED)) === JSON.stringify(compact(g.days[day]));
      out.push(row(r, slug, `${g.department.name} ${day}`, same ? 'unchanged' : 'conflict', { target: String(list[at].name ?? ''), ...(same ? {} : { reason: interpolate(serverMessages.migration.conflict, { fields: day }) }) }));
    }
  }
  return { data: { ...(doc[slug] as object), hours: list }, placed, rows: out };
}

const roleOf = (s: string | undefined) => (/^(m|manager)$/i.test((s ?? '').trim()) ? 'M' : 'E');

function mapUsers(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'users';
  const departments = listAt(doc, 'departments', 'departments');
  const franchises = listAt(doc, 'franchises', 'franchises');
  const r = mergeList(
    slug,
    'users',
    listAt(doc, slug, 'users'),
    rows,
    (x) => {
      const f = x.fields;
      const email = (f.email ?? '').toLowerCase();
      const deps = idsOf(listOf(f.departments ?? f.department).map(departmentName), departments, 'department');
      if ('missing' in deps) return { reject: deps.missing, name: email };
      const frs = idsOf(listOf(f.franchises), franchises, 'franchise');
      if ('missing' in frs) return { reject: frs.missing, name: email };
      return {
        name: email,
        matchKey: email,
        item: compact({
          firstName: f.first_name,
          lastName: f.last_name,
          email,
          role: roleOf(f.role),
          franchises: frs.ids,
          departments: deps.ids,
          receiveLeads: yes(f.receive_leads),
          softwareAccess: yes(f.software_access),
          training: yes(f.training),
        }),
      };
    },
    ['departments', 'franchises'],
    'email',
  );
  return { data: { ...(doc[slug] as object), users: r.list }, placed: r.placed, rows: r.rows };
}

/** A legacy web address as the domains stage writes it: no scheme, no www., no path, lower case. */
const domainOf = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/.*$/, '');

function mapDomains(rows: LegacyRow[], doc: ConfigDocument): StageMapping {
  const slug = 'domains';
  const existing = listAt(doc, slug, 'domains');
  let hasPrimary = existing.some((d) => d.primary === true);
  const r = mergeList(slug, 'domains', existing, rows, (x) => {
    const domain = domainOf(x.fields.domain);
    // An action the stage does not know is left to the engine, which refuses it in the spec's words.
    const action = x.fields.action ? norm(x.fields.action) : '';
    // One primary domain: the config's, else the file's first.
    const primary = yes(x.fields.primary) && !hasPrimary;
    if (primary) hasPrimary = true;
    // Only what the file says: an action or primary it leaves out is no conflict with the config's.
    return { name: domain, matchKey: domain, item: { domain, ...(action ? { action } : {}), ...(primary ? { primary } : {}) } };
  }, [], 'domain');
  // A new domain the file gives no action is one the dealer holds elsewhere: transferred to us.
  const list = r.list.map((d) => (d.action ? d : { ...d, action: 'transfer' }));
  return { data: { ...(doc[slug] as object), domains: list }, placed: r.placed, rows: r.rows };
}

/** The stages a legacy file writes, in the order they are written (each refers to the ones before). */
export const STAGE_MAPPERS: Array<{ slug: string; records: RecordType[]; map: (rows: LegacyRow[], doc: ConfigDocument) => StageMapping }> = [
  { slug: 'company-information', records: ['company'], map: mapCompany },
  { slug: 'franchises', records: ['franchise'], map: mapFranchises },
  { slug: 'locations', records: ['location'], map: mapLocations },
  { slug: 'departments', records: ['department'], map: mapDepartments },
  { slug: 'opening-hours', records: ['hours'], map: mapHours },
  { slug: 'users', records: ['user'], map: mapUsers },
  { slug: 'domains', records: ['domain'], map: mapDomains },
];
