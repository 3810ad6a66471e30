// A full order form for the PDF tests and the agreement-pdf bench: forty products (bundles,
// per-location, per-stock, yearly, one-off and usage lines) for a French dealer whose name needs
// glyphs beyond Latin-1.
import { SUBSCRIPTION_DEFAULTS, type CatalogueProduct, type CompanyDetails, type Subscription } from '../../engine/agreements';

const PRICING = ['per month', 'per annum', 'per site', 'per lead'] as const;
export const CATALOGUE: CatalogueProduct[] = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: i === 0 ? 'Plateforme de site Côte d’Azur' : `Produit ${i + 1}`,
  cost: 10 + i * 7.35,
  cost_type: PRICING[i % PRICING.length],
  discount: i % 5 === 0 ? 10 : 0,
  addition: false,
  editable: false,
  location_limit: i === 0 ? 3 : null,
  stock_limit: i === 1 ? 100 : null,
  per_stock: i === 1,
  cost_per_stock: i === 1 ? 0.35 : null,
  per_location: i === 0,
  per_franchise: i === 2,
  fixed_setup_fee: i === 0 ? 1000 : null,
  children: i === 0 ? '4,5' : null,
  parent: null,
  add_by_default_in_agreement: false,
  order_column: i + 1,
}));

export const DETAILS: CompanyDetails = {
  logo_path: null,
  website_address: 'https://www.garage-lodz.example',
  name: 'Garage Łódź & Fils',
  reg_number: 'RCS 123 456 789',
  contact_name: 'Élodie Martin',
  contact_number: '+33 1 23 45 67 89',
  contact_position: 'Directrice',
  contact_email: 'elodie@garage.example',
  vat_number: 'FR 12 345678901',
  fsa_number: null,
  ico_number: null,
  address: { line1: '12 rue de la Paix', line2: null, line3: 'Paris', postcode: '75002' },
  reg_address: { line1: '12 rue de la Paix', line2: null, line3: 'Paris', postcode: '75002' },
  franchises: [{ name: 'Peugeot', locations: { sales: ['Paris'], aftersales: ['Paris', 'Lyon'] } }],
};

export const SUBSCRIPTION: Subscription = {
  ...SUBSCRIPTION_DEFAULTS,
  designType: 'custom',
  projectType: 'multi-franchise-dealer',
  stockCount: 180,
  totalDiscountPercentage: 5,
  products: CATALOGUE.map((p) => ({ product_id: p.id })),
};

