import type { RaRecord } from 'react-admin';
import type { Currency } from '../../contract/money';
import type { DataWords, NamedTerm } from '../i18n/dataWords';

type Term = NamedTerm & { id: number; taxonomy: string };

/** A product as GET /products lists it (the list, its table and its CSV export). */
export type ProductRow = RaRecord & {
  name: string; cost: number; currency: Currency; cost_type: string; discount: number; order_column: number; terms: Term[]; children: string; parent: number | null;
  addition: boolean; add_by_default_in_agreement: boolean; description: string | null; cost_notes: string | null; fixed_setup_fee: number | null;
};

/** The names of a product's terms of one taxonomy, in the reader's words when given (regions as countries, types translated). */
export const termNames = (r: ProductRow, taxonomy: string, words?: DataWords) =>
  r.terms.filter((t) => t.taxonomy === taxonomy).map((t) => (words ? words.term(taxonomy, t) : t.name));
