// The Company fields of spec section 3: allowed values and the table row <-> API shape mapping.
import type { CompanyStage, CompanyStatus, CompanyTaxonomy } from '../../contract/companies';
import type { companies } from '../db/schema';
import { cleanName } from '../http/clean-text';

/** The company stages and statuses (spec sections 3 and 4), defined once with the app in contract/companies.ts. */
export { COMPANY_STAGES, COMPANY_STATUSES, type CompanyStage, type CompanyStatus } from '../../contract/companies';
/** The taxonomies a company is tagged with (spec section 3), by slug. */
export { COMPANY_TAXONOMIES, type CompanyTaxonomy } from '../../contract/companies';

type CompanyRow = typeof companies.$inferSelect;
type Lines = { line1?: string | null; line2?: string | null; line3?: string | null } | null;

/** The API's flat fields of a company row (everything but meta, taxonomies and users). */
export function companyFields(c: CompanyRow) {
  return {
    id: c.id,
    guid: c.guid,
    name: c.name,
    lang: c.lang,
    stage: c.stage,
    status: c.status,
    contact_name: c.contactName,
    contact_number: c.contactNumber,
    fsa_number: c.fsaNumber,
    reg_number: c.regNumber,
    vat_number: c.vatNumber,
    website_address: c.websiteAddress,
    address: { line1: c.addressLine1, line2: c.addressLine2, line3: c.addressLine3 },
    reg_address: { line1: c.regAddressLine1, line2: c.regAddressLine2, line3: c.regAddressLine3 },
    // Reminders of untouched stages after this many days; null: off (issue 55, configs/configs.reminders.ts).
    reminder_days: c.reminderDays,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** The body of a company write, as the API names it (every field optional; PUT changes what it sends). */
export interface CompanyInput {
  name?: string | null;
  lang?: string | null;
  stage?: CompanyStage | null;
  status?: CompanyStatus | null;
  contact_name?: string | null;
  contact_number?: string | null;
  fsa_number?: string | null;
  reg_number?: string | null;
  vat_number?: string | null;
  website_address?: string | null;
  address?: Lines;
  reg_address?: Lines;
  /** 1..REMINDER_DAYS_MAX or null (off); another number is refused in companies.write.ts (422). */
  reminder_days?: number | null;
  meta?: Array<{ meta_key: string; meta_value?: string | null }> | null;
  terms?: Partial<Record<CompanyTaxonomy, number[] | null>> | null;
}

// Blank text is stored as null, so "no VAT number" has one spelling.
const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The column values a write sets: only the fields the body names (a PUT leaves the others alone). */
export function companyColumns(input: CompanyInput): Partial<CompanyRow> {
  const out: Partial<CompanyRow> = {};
  const set = <K extends keyof CompanyRow>(column: K, value: CompanyRow[K]) => void (out[column] = value);
  if (input.name !== undefined) set('name', clean(cleanName(input.name ?? '')) ?? '');
  if (input.lang) set('lang', input.lang);
  if (input.stage) set('stage', input.stage);
  if (input.status) set('status', input.status);
  if (input.contact_name !== undefined) set('contactName', clean(input.contact_name));
  if (input.contact_number !== undefined) set('contactNumber', clean(input.contact_number));
  if (input.fsa_number !== undefined) set('fsaNumber', clean(input.fsa_number));
  if (input.reg_number !== undefined) set('regNumber', clean(input.reg_number));
  if (input.vat_number !== undefined) set('vatNumber', clean(input.vat_number));
  if (input.website_address !== undefined) set('websiteAddress', clean(input.website_address));
  if (input.reminder_days !== undefined) set('reminderDays', input.reminder_days);
  if (input.address !== undefined) {
    set('addressLine1', clean(input.address?.line1));
    set('addressLine2', clean(input.address?.line2));
    set('addressLine3', clean(input.address?.line3));
  }
  if (input.reg_address !== undefined) {
    set('regAddressLine1', clean(input.reg_address?.line1));
    set('regAddressLine2', clean(input.reg_address?.line2));
    set('regAddressLine3', clean(input.reg_address?.line3));
  }
  return out;
}

/** The meta key of the company's logo (spec section 3: "meta (key/value pairs including logo)"). */
export const LOGO_KEY = 'logo';

const LOGO_REF = /^(?:(?:https?:\/\/[^/\s]+)?\/api\/media\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(?:file|thumbnail))?$/i;

/**
 * The media guid a logo value names: the guid itself or its file (or thumbnail) address, as the
 * media library answers it. Null for anything else.
 *
 * @example logoGuid('/api/media/0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11/file') // '0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11'
 */
export function logoGuid(value: string): string | null {
  const match = LOGO_REF.exec(value.trim());
  return match ? match[1].toLowerCase() : null;
}
