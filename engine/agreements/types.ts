// The shapes the subscription maths reads and gives (spec section 3: Agreement.subscription and
// Product). Amounts the API carries are decimals in major units, as the products API gives them;
// what the maths gives back is in integer minor units (money.ts).

import type { ProductCostType } from '../../contract/products';
import type { DesignType } from '../../contract/projects';

/** Spec section 3, "Product pricing types" (the contract's, as products carry them). */
export type PricingType = ProductCostType;
export type { DesignType };

/** The product fields pricing reads (a product as `GET /products` gives it). */
export interface CatalogueProduct {
  id: number;
  name: string;
  cost: number;
  cost_type: PricingType;
  /** The catalogue's own discount on this product, in percent (0-100). */
  discount: number;
  /** An add-on: priced on its own, never bundled. */
  addition: boolean;
  /** The salesperson may set another price on the agreement. */
  editable: boolean;
  location_limit: number | null;
  stock_limit: number | null;
  per_stock: boolean;
  cost_per_stock: number | null;
  per_location: boolean;
  per_franchise: boolean;
  fixed_setup_fee: number | null;
  /** Ids of the products bundled in this one, comma-separated ("3,7"). */
  children: string | null;
  parent: number | null;
  add_by_default_in_agreement: boolean;
  order_column: number;
}

/** An address of company_details: three lines and a postcode. */
export interface AgreementAddress {
  line1: string | null;
  line2: string | null;
  line3: string | null;
  postcode: string | null;
}

/** Spec section 3, Agreement.company_details: the dealer as the order form names it. */
export interface CompanyDetails {
  logo_path: string | null;
  website_address: string | null;
  name: string | null;
  reg_number: string | null;
  contact_name: string | null;
  contact_number: string | null;
  contact_position: string | null;
  contact_email: string | null;
  vat_number: string | null;
  fsa_number: string | null;
  ico_number: string | null;
  address: AgreementAddress;
  reg_address: AgreementAddress;
  /** Each franchise with the names of its sales and aftersales locations. */
  franchises: { name: string; locations: { sales: string[]; aftersales: string[] } }[];
}

/** One product chosen on an agreement (subscription.products). */
export interface SubscriptionProduct {
  product_id: number;
  /** Another price (major units), for an `editable` product only. */
  price?: number | null;
  /** This agreement's discount on the product in percent (0-100); the catalogue's when absent. */
  discount?: number | null;
}

/** Spec section 3, Agreement.subscription, as the agreement stores it. */
export interface Subscription {
  /** Months; at least 24 (spec section 9). */
  term: number;
  /** Percent off the monthly total. */
  totalDiscountPercentage: number;
  /** Amount (major units) off the set-up. */
  setUpDiscount: number;
  /** The base set-up payment (major units). */
  setUpPayment: number;
  /** True: the set-up is paid up front; false: spread over the term's monthly payments. */
  paySetUpPayment: boolean;
  projectType: string | null;
  designType: DesignType | null;
  /** Vehicles in stock, for products priced per stock. */
  stockCount: number;
  products: SubscriptionProduct[];
  /** Derived by `priceSubscription` (major units); what a client sends here is recomputed. */
  contractValue?: number;
  monthlyContractValue?: number;
  designCost?: number;
}

/** What the maths counts for per-location and per-franchise products (from the company details). */
export interface SiteCounts {
  locations: number;
  franchises: number;
}

/** When a line is paid. */
export type Period = 'month' | 'year' | 'once' | 'usage';

/** One row of the order form's product table. */
export interface PricedLine {
  productId: number;
  name: string;
  pricingType: PricingType;
  period: Period;
  /** Bundled in a chosen product: shown as INC and costs nothing (spec section 9). */
  included: boolean;
  /** The bundle this line came with, if any. */
  includedIn: number | null;
  /** Locations or franchises the price is multiplied by (1 otherwise). */
  quantity: number;
  /** The price of one unit (after an editable product's new price), minor units. */
  unitMinor: number;
  /** Vehicles above the product's stock limit (`stockLimit`), each at `stockUnitMinor`. */
  extraStock: number;
  stockLimit: number;
  stockUnitMinor: number;
  /** unit x quantity + extra stock, before the discount. */
  grossMinor: number;
  discountPercent: number;
  discountMinor: number;
  /** What the line costs each period (for `usage`: the rate per lead, transaction or chat). */
  netMinor: number;
  /** The product's fixed set-up fee, once. */
  setupFeeMinor: number;
}

/** The order form's totals, minor units. */
export interface SubscriptionTotals {
  /** Monthly lines after their own discounts. */
  monthlyLinesMinor: number;
  /** The total discount on the monthly lines (totalDiscountPercentage). */
  monthlyDiscountMinor: number;
  /** Monthly lines after every discount, before the set-up is spread in. */
  monthlyMinor: number;
  /** Yearly lines after their discounts, paid each year of the term. */
  annualMinor: number;
  /** Years of the term a yearly line is paid (a started year counts). */
  years: number;
  /** One-off lines (per site) after their discounts. */
  oneOffMinor: number;
  /** Products' fixed set-up fees. */
  setupFeesMinor: number;
  designCostMinor: number;
  /** setUpPayment + set-up fees + one-off lines + design, before the set-up discount. */
  setupGrossMinor: number;
  setupDiscountMinor: number;
  /** What the set-up costs the dealer. */
  setupMinor: number;
  /** The set-up spread per month when it is not paid up front (the first month takes the remainder). */
  setupPerMonthMinor: number;
  setupFirstMonthExtraMinor: number;
  /** The monthly payment (spec: monthlyContractValue): the monthly lines, plus the spread set-up. */
  monthlyContractValueMinor: number;
  /** Everything the term commits to (spec: contractValue): set-up, monthly x term, yearly x years. */
  contractValueMinor: number;
}

export interface PricedSubscription {
  lines: PricedLine[];
  totals: SubscriptionTotals;
  /** The derived stored fields in major units, as the agreement saves them. */
  derived: { contractValue: number; monthlyContractValue: number; designCost: number };
}
