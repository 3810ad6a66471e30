/**
 * The checks of an agreement write a JSON Schema cannot make, each a 422 in the error shape at its
 * field: the postcode rules and the logo rule of spec section 5 on company_details, a salesperson
 * who is staff, and the subscription maths' own refusals (engine/agreements checkSubscription).
 * Also the lifecycle's refusals as domain errors (409 illegal, 403 forbidden).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isValidPostcode, normalisePostcode } from '../../engine';
import { postcodeRegion } from '../../engine/validation/postcode';
import {
  agreementTransition,
  checkSubscription,
  ForbiddenAgreementTransitionError,
  IllegalAgreementTransitionError,
  type AgreementAction,
  type AgreementTransition,
  type CompanyDetails,
  type Subscription,
} from '../../engine/agreements';
import type { AgreementStage } from '../../contract/agreements';
import type { Db, Tx } from '../db/database';
import { media, permissions, rolePermissions, userRoles } from '../db/schema';
import { CROSS_COMPANY, type Viewer } from '../db/tenancy';
import { Conflict, Forbidden, Invalid, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';
import { logoGuid } from '../companies/companies.fields';
import { turnErrors } from './agreements.turn-texts';
import type { Pricing } from './agreements.document';


/** The lifecycle row for `action`, or the domain error the table gives (409 illegal, 403 forbidden). */
export function transition(viewer: Viewer, from: AgreementStage, action: AgreementAction, ownCompany: boolean): AgreementTransition {
  try {
    return agreementTransition({ from, action, permissions: viewer.permissions, ownCompany });
  } catch (error) {
    if (error instanceof IllegalAgreementTransitionError) {
      const message =
        from === 'signed' ? serverMessages.agreements.signed
        : from === 'declined' || from === 'voided' ? turnErrors[from]
        : from === 'sent' && action === 'edit' ? serverMessages.agreements.sent
        : action === 'sign' ? serverMessages.agreements.not_sent
        : serverMessages.agreements.transition_invalid;
      throw new Conflict(message, [{ detail: message, field: 'stage' }]);
    }
    if (error instanceof ForbiddenAgreementTransitionError) throw new Forbidden(serverMessages.unauthorised);
    throw error;
  }
}

/** Each market's postcode rule (engine/validation/postcode.ts: UK normalised, France's five digits, Dutch normalised ...; GB is UK). */
function checkAddresses(details: CompanyDetails, regionSlug: string | null, problems: ErrorDetail[]): CompanyDetails {
  const country = postcodeRegion(regionSlug === 'uk' ? 'UK' : regionSlug ?? '') ? (regionSlug === 'uk' ? 'UK' : regionSlug!.toUpperCase()) : null;
  const fix = (which: 'address' | 'reg_address') => {
    const postcode = details[which].postcode?.trim() || null;
    if (postcode === null || country === null) return { ...details[which], postcode };
    if (!isValidPostcode(postcode, country)) problems.push({ detail: serverMessages.agreements.postcode_invalid, field: `company_details.${which}.postcode` });
    return { ...details[which], postcode: normalisePostcode(postcode, country) };
  };
  return { ...details, address: fix('address'), reg_address: fix('reg_address') };
}

/**
 * The logo rule of spec section 5 as companies apply it: a logo is a file of the shared media
 * library (its guid or its address), a JPEG, PNG or PDF. Stored as the file's address.
 */
async function checkLogo(db: Db | Tx, details: CompanyDetails, problems: ErrorDetail[]): Promise<CompanyDetails> {
  const value = details.logo_path?.trim() || null;
  if (value === null) return { ...details, logo_path: null };
  const guid = logoGuid(value);
  const [file] = guid ? await db.select({ mime: media.mime }).from(media).where(eq(media.guid, guid)) : [];
  if (!file || !['image/jpeg', 'image/png', 'application/pdf'].includes(file.mime)) {
    problems.push({ detail: serverMessages.agreements.logo_invalid, field: 'company_details.logo_path' });
    return details;
  }
  return { ...details, logo_path: `/api/media/${guid}/file` };
}

/** company_details as stored: blank texts as null, postcodes normalised; 422 for a bad postcode or logo. */
export async function checkDetails(db: Db | Tx, details: CompanyDetails, regionSlug: string | null): Promise<CompanyDetails> {
  const problems: ErrorDetail[] = [];
  const blank = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const line = (a: CompanyDetails['address'] | undefined) => ({ line1: blank(a?.line1), line2: blank(a?.line2), line3: blank(a?.line3), postcode: blank(a?.postcode) });
  let out: CompanyDetails = {
    logo_path: blank(details.logo_path),
    website_address: blank(details.website_address),
    name: blank(details.name),
    reg_number: blank(details.reg_number),
    contact_name: blank(details.contact_name),
    contact_number: blank(details.contact_number),
    contact_position: blank(details.contact_position),
    contact_email: blank(details.contact_email),
    vat_number: blank(details.vat_number),
    fsa_number: blank(details.fsa_number),
    ico_number: blank(details.ico_number),
    address: line(details.address),
    reg_address: line(details.reg_address),
    franchises: (details.franchises ?? [])
      .map((f) => ({ name: f.name.trim(), locations: { sales: (f.locations?.sales ?? []).map((s) => s.trim()).filter(Boolean), aftersales: (f.locations?.aftersales ?? []).map((s) => s.trim()).filter(Boolean) } }))
      .filter((f) => f.name),
  };
  out = checkAddresses(out, regionSlug, problems);
  out = await checkLogo(db, out, problems);
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  return out;
}

/** The salesperson must be staff (someone who works across companies), as a config's managers must. */
export async function checkSalesperson(db: Db | Tx, userId: number | null): Promise<void> {
  if (userId === null) return;
  const [staff] = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, userId), inArray(permissions.name, [...CROSS_COMPANY])))
    .limit(1);
  if (!staff) throw new Invalid(serverMessages.agreements.user_invalid, [{ detail: serverMessages.agreements.user_invalid, field: 'agreement.user_id' }]);
}

/** The subscription maths' refusals (term, discounts, prices, products) as a 422 at `agreement.subscription/...`. */
export function checkSubscriptionInput(subscription: Subscription, pricing: Pricing): void {
  // In English, as every API answer (the app shows its own translation beside the field).
  const errors = checkSubscription(subscription, pricing.catalogue, pricing.counts);
  if (!errors.length) return;
  const problems = errors.map((e) => ({ detail: e.message, field: `agreement.subscription${e.path.replace(/\//g, '.')}` }));
  throw new Invalid(problems[0].detail, problems);
}
