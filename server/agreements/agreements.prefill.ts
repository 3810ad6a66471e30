/**
 * A new agreement's company_details (spec section 3), prefilled from the company and its active
 * config: the configurator's company information, key contact, franchises and locations, and
 * which locations sell and which look after cars (departments). Staff edit them afterwards on the
 * agreement; the config is never changed by it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CompanyDetails } from '../../engine/agreements';
import type { Db, Tx } from '../db/database';
import { companies, companyMeta, configMeta, configs } from '../db/schema';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => Boolean(x) && typeof x === 'object') : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/**
 * Departments that sell (spec section 3's departments: Sales, Business, Fleet, Motability,
 * Finance) and those that look after cars once sold (Service, Parts, Bodyshop): the order form's
 * "sales" and "aftersales" locations.
 */
const AFTERSALES = new Set(['service', 'parts', 'bodyshop']);

/** The stage data of the company's newest active config, by stage slug ({} without one). */
async function activeConfigData(db: Db | Tx, companyId: number): Promise<Record<string, Json>> {
  const [config] = await db
    .select({ id: configs.id })
    .from(configs)
    .where(and(eq(configs.companyId, companyId), eq(configs.status, 'active')))
    .orderBy(desc(configs.updatedAt), desc(configs.id))
    .limit(1);
  if (!config) return {};
  const slugs = ['company-information', 'key-contact', 'franchises', 'locations', 'departments'];
  const rows = await db
    .select({ key: configMeta.metaKey, value: configMeta.metaValue })
    .from(configMeta)
    .where(and(eq(configMeta.configId, config.id), inArray(configMeta.metaKey, slugs.map((s) => `stage_data_${s}`))));
  return Object.fromEntries(rows.map((r) => [r.key.slice('stage_data_'.length), obj(r.value)]));
}

/** Each franchise with the names of its sales and aftersales locations. */
export function franchisesOf(data: Record<string, Json>): CompanyDetails['franchises'] {
  const franchises = list(data.franchises?.franchises);
  const locations = list(data.locations?.locations);
  const departments = list(data.departments?.departments);
  const sides = new Map<string, { sales: boolean; aftersales: boolean }>();
  for (const d of departments) {
    const after = AFTERSALES.has(String(d.name ?? '').trim().toLowerCase());
    for (const id of Array.isArray(d.locations) ? d.locations : []) {
      const side = sides.get(String(id)) ?? { sales: false, aftersales: false };
      if (after) side.aftersales = true;
      else side.sales = true;
      sides.set(String(id), side);
    }
  }
  return franchises
    .filter((f) => str(f.name))
    .map((f) => {
      const at = locations.filter((l) => Array.isArray(l.franchises) && l.franchises.includes(f.id) && str(l.name));
      // Without departments every location of the franchise is taken to sell it.
      const side = (l: Json) => sides.get(String(l.id)) ?? { sales: departments.length === 0, aftersales: false };
      return {
        name: str(f.name)!,
        locations: { sales: at.filter((l) => side(l).sales).map((l) => str(l.name)!), aftersales: at.filter((l) => side(l).aftersales).map((l) => str(l.name)!) },
      };
    });
}

/** company_details for a new agreement of `companyId`. */
export async function prefillCompanyDetails(db: Db | Tx, companyId: number): Promise<CompanyDetails> {
  const [[company], logo, data] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)),
    db.select({ value: companyMeta.metaValue }).from(companyMeta).where(and(eq(companyMeta.companyId, companyId), eq(companyMeta.metaKey, 'logo'))),
    activeConfigData(db, companyId),
  ]);
  const info = obj(data['company-information']?.companyInformation);
  const contact = obj(data['key-contact']?.keyContact);
  const reg = obj(info.regAddress);
  const postcode = str(info.postcode);
  const logoValue = str(logo[0]?.value);
  const firstLocation = list(data.locations?.locations)[0];
  const where = obj(firstLocation?.address);
  return {
    logo_path: logoValue,
    website_address: str(company.websiteAddress),
    name: str(info.name) ?? company.name,
    reg_number: str(info.regNumber) ?? str(company.regNumber),
    contact_name: str(contact.name) ?? str(company.contactName),
    contact_number: str(contact.telephone) ?? str(contact.mobile) ?? str(company.contactNumber),
    contact_position: str(contact.position),
    contact_email: str(contact.email),
    vat_number: str(info.vatNumber) ?? str(company.vatNumber),
    fsa_number: str(info.fcaRegNumber) ?? str(company.fsaNumber),
    ico_number: str(info.icoNumber),
    // The trading address: the company's own, else the first location's.
    address: company.addressLine1
      ? { line1: str(company.addressLine1), line2: str(company.addressLine2), line3: str(company.addressLine3), postcode: null }
      : { line1: str(where.line1), line2: str(where.line2) ?? str(where.county), line3: str(where.town), postcode: str(firstLocation?.postcode) },
    reg_address: str(reg.line1)
      ? { line1: str(reg.line1), line2: str(reg.line2), line3: str(reg.line3), postcode }
      : { line1: str(company.regAddressLine1), line2: str(company.regAddressLine2), line3: str(company.regAddressLine3), postcode },
    franchises: franchisesOf(data),
  };
}

/** What per-location and per-franchise products count: the distinct locations named, and the franchises. */
export function siteCounts(details: CompanyDetails): { locations: number; franchises: number } {
  const names = new Set(details.franchises.flatMap((f) => [...f.locations.sales, ...f.locations.aftersales]));
  return { locations: names.size, franchises: details.franchises.length };
}
