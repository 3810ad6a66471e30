// The order form's editable copy of an agreement, and the pure steps the form takes on it (kept out
// of the components so they are tested on their own: tests/src/agreements/draft.test.ts).
import { childIds, type CatalogueProduct, type CompanyDetails, type Subscription, type SubscriptionProduct } from '../../engine/agreements';
import type { AgreementChanges, AgreementDetail, AgreementType } from './api';

/** What the staff form edits: the PUT body's fields. */
export interface AgreementDraft {
  type: AgreementType;
  company_details: CompanyDetails;
  subscription: Subscription;
  notes: string;
  message: string;
}

const EMPTY_ADDRESS = { line1: null, line2: null, line3: null, postcode: null };

/** The draft of a stored agreement; missing blocks (an agreement made before a field existed) start empty. */
export function draftOf(agreement: AgreementDetail): AgreementDraft {
  const details = agreement.company_details;
  return {
    type: agreement.type,
    company_details: {
      ...details,
      address: { ...EMPTY_ADDRESS, ...details?.address },
      reg_address: { ...EMPTY_ADDRESS, ...details?.reg_address },
      franchises: (details?.franchises ?? []).map((f) => ({ name: f.name, locations: { sales: [...(f.locations?.sales ?? [])], aftersales: [...(f.locations?.aftersales ?? [])] } })),
    },
    subscription: { ...agreement.subscription, products: agreement.subscription.products.map((p) => ({ ...p })) },
    notes: agreement.notes ?? '',
    message: agreement.message ?? '',
  };
}

/** The PUT body of a draft. The derived values are left out: the server computes them (engine/agreements). */
export function changesOf(draft: AgreementDraft): AgreementChanges {
  const { contractValue: _c, monthlyContractValue: _m, designCost: _d, ...subscription } = draft.subscription;
  return {
    type: draft.type,
    company_details: draft.company_details,
    subscription,
    notes: draft.notes.trim() ? draft.notes : null,
    message: draft.message.trim() ? draft.message : null,
  };
}

/** Whether the draft differs from what is stored (the unsaved-changes prompt asks only then). */
export function isChanged(draft: AgreementDraft, stored: AgreementDraft): boolean {
  return JSON.stringify(changesOf(draft)) !== JSON.stringify(changesOf(stored));
}

/**
 * Ticks or unticks a product. Ticking a bundle leaves its children as they are: the maths shows a
 * bundled child as INC whether or not it was also ticked (the dealer never pays twice).
 */
export function toggleProduct(sub: Subscription, productId: number, on: boolean): Subscription {
  const has = sub.products.some((p) => p.product_id === productId);
  if (on === has) return sub;
  const products = on ? [...sub.products, { product_id: productId }] : sub.products.filter((p) => p.product_id !== productId);
  return { ...sub, products };
}

/** Sets one chosen product's own discount or price (null: the catalogue's again). */
export function setChoice(sub: Subscription, productId: number, change: Partial<Pick<SubscriptionProduct, 'price' | 'discount'>>): Subscription {
  return { ...sub, products: sub.products.map((p) => (p.product_id === productId ? { ...p, ...change } : p)) };
}

/**
 * The products bundled in the chosen ones (shown ticked and INC in the picker): the children of
 * every chosen product no other chosen product bundles (bundles do not nest), as the maths reads them.
 */
export function bundledIds(sub: Subscription, catalogue: readonly CatalogueProduct[]): Map<number, number> {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const chosen = sub.products.map((c) => byId.get(c.product_id)).filter((p): p is CatalogueProduct => !!p);
  const listed = new Set(chosen.flatMap((p) => childIds(p).filter((id) => id !== p.id)));
  const out = new Map<number, number>();
  for (const p of chosen) {
    if (listed.has(p.id)) continue;
    for (const child of childIds(p)) if (child !== p.id && byId.has(child) && !out.has(child)) out.set(child, p.id);
  }
  return out;
}

/**
 * A number field's text as the subscription stores it: '' is 0 (an emptied field), a comma is a
 * decimal point (how French and Dutch readers type "12,5"); anything else that is not a number is
 * NaN, which the field shows as its error.
 */
export function numberOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? 0 : Number(t);
}

/**
 * The server's field errors (`[{field, detail}]`, fields like `subscription.term`, `/subscription/term`
 * or `agreement.company_details.name`) under the form's own field paths (`subscription.term`).
 */
export function fieldPathsOf(errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(errors ?? {})) {
    const path = field.replace(/^\//, '').replace(/\//g, '.').replace(/^agreement\./, '');
    if (!(path in out)) out[path] = detail;
  }
  return out;
}
