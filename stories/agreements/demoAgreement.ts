// A realistic order form for the agreement stories (and the agreement unit tests): Demo Motors, a
// two-franchise dealer group in Leeds and York, on the UK price list.
import type { AgreementCatalogueProduct, AgreementDetail } from '../../src/agreements/api';
import { SUBSCRIPTION_DEFAULTS } from '../../engine/agreements';

const product = (p: Partial<AgreementCatalogueProduct> & Pick<AgreementCatalogueProduct, 'id' | 'name' | 'cost' | 'cost_type' | 'order_column'>): AgreementCatalogueProduct => ({
  discount: 0, addition: false, editable: false, location_limit: null, stock_limit: null, per_stock: false, cost_per_stock: null, per_location: false,
  per_franchise: false, fixed_setup_fee: null, children: null, parent: null, add_by_default_in_agreement: false, category: null, ...p,
});

export const demoCatalogue: AgreementCatalogueProduct[] = [
  product({ id: 1, name: 'Dealer website platform', cost: 495, cost_type: 'per month', order_column: 1, children: '2,3,12', add_by_default_in_agreement: true, category: 'Website', fixed_setup_fee: 250 }),
  product({ id: 2, name: 'Used vehicle search', cost: 95, cost_type: 'per month', order_column: 2, parent: 1, category: 'Website' }),
  product({ id: 3, name: 'Finance calculator', cost: 45, cost_type: 'per month', order_column: 3, parent: 1, category: 'Website' }),
  product({ id: 12, name: 'Service booking', cost: 75, cost_type: 'per month', order_column: 4, parent: 1, per_location: true, location_limit: 5, category: 'Aftersales' }),
  product({ id: 20, name: 'Franchise new car showroom', cost: 120, cost_type: 'per month', order_column: 5, per_franchise: true, category: 'Website' }),
  product({ id: 30, name: 'Stock feed and photography', cost: 150, cost_type: 'per month', order_column: 6, per_stock: true, stock_limit: 50, cost_per_stock: 1.2, category: 'Stock' }),
  product({ id: 31, name: 'Stock export feeds (up to 5)', cost: 600, cost_type: 'per annum', order_column: 7, category: 'Stock' }),
  product({ id: 40, name: 'Live chat', cost: 1.5, cost_type: 'per chat', order_column: 8, category: 'Leads' }),
  product({ id: 41, name: 'Lead management', cost: 4, cost_type: 'per lead', order_column: 9, category: 'Leads', discount: 10 }),
  product({ id: 50, name: 'Digital advertising management', cost: 400, cost_type: 'per month', order_column: 10, editable: true, addition: true, category: 'Marketing' }),
  product({ id: 51, name: 'Launch photography day', cost: 850, cost_type: 'per site', order_column: 11, addition: true, category: 'Marketing' }),
];

export const demoAgreement: AgreementDetail = {
  id: 7, guid: '7c0f5a52-2f1e-4c55-9a3e-5d1b2f0e0007', reference: 'A-7', name: 'Demo Motors website 2026', type: 'new', stage: 'sent', archived: false,
  company_id: 1, company_guid: '1b7c1a52-2f1e-4c55-9a3e-5d1b2f0e0001', company_name: 'Demo Motors', currency: 'GBP', lang: 'en', user_id: 2,
  salesperson: { id: 2, name: 'Priya Shah' }, contract_value: 0, monthly_contract_value: 0,
  created_at: '2026-11-20T09:30:00Z', updated_at: '2026-11-24T14:10:00Z', sent_at: '2026-11-24T14:10:00Z', signed_at: null,
  remind_after_days: 3, expires_at: '2026-12-12T23:59:59.999Z', expired: false, your_turn: false,
  notes: 'Agreed a 10% monthly discount with the dealer principal on the phone.',
  message: 'Thank you for choosing us for your new website. Your launch photography day is booked for the week after sign-off.',
  company_details: {
    logo_path: null, website_address: 'https://www.demo-motors.example', name: 'Demo Motors Ltd', reg_number: '08123456', contact_name: 'Sam Taylor',
    contact_number: '0113 496 0000', contact_position: 'Dealer principal', contact_email: 'dealer@demo.test', vat_number: 'GB 123 4567 89', fsa_number: '654321', ico_number: 'ZA123456',
    address: { line1: '1 Kirkstall Road', line2: null, line3: 'Leeds', postcode: 'LS3 1AA' },
    reg_address: { line1: '1 Kirkstall Road', line2: null, line3: 'Leeds', postcode: 'LS3 1AA' },
    franchises: [
      { name: 'Volkswagen', locations: { sales: ['Leeds'], aftersales: ['Leeds', 'York'] } },
      { name: 'ŠKODA', locations: { sales: ['York'], aftersales: ['York'] } },
    ],
  },
  subscription: {
    ...SUBSCRIPTION_DEFAULTS, projectType: 'multi-franchise-dealer', designType: 'template', stockCount: 80, totalDiscountPercentage: 10,
    products: [{ product_id: 1 }, { product_id: 20 }, { product_id: 30 }, { product_id: 41 }, { product_id: 50, price: 350 }, { product_id: 31 }],
    contractValue: 0, monthlyContractValue: 0, designCost: 0,
  },
  envelopes: [],
  signature: null,
  pricing: { catalogue: demoCatalogue, counts: { locations: 2, franchises: 2 }, currency: 'GBP' },
  document_sha256: 'a3f1c9e2b7d4a8f0c6e1d2b3a4f5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3',
  // Issue 57: no signers, turn or trail shown (the stories that show them add their own).
  routing: 'sequential',
  signers: [],
  turn: null,
  closed_reason: null,
  closed_at: null,
  copied_from_id: null,
  events: [],
};
