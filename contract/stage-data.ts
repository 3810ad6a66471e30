/**
 * The enumerations of configurator stage data in spec section 3. The stage files (schemas/stages/,
 * data that imports nothing) hold them as their own `enum`s, and no code reads them yet; they are
 * here for the areas still to come (agreements' subscription, the tracker, stage admin), which
 * should read them from this file rather than write them again. Currencies are contract/money.ts.
 */

/** Auto-e options. */
export const AUTO_E_OPTIONS = [
  'no', 'yes_no_payments', 'yes_payments', 'yes_end_to_end', 'p360', 'c360', 'forecast-it', 'ao', 'recalc-it', 'bespoke-it-2', 'sales-master',
] as const;
/** Part-exchange tool. */
export const PART_EXCHANGE_TOOLS = ['cap_valuations', 'aston_barclay', 'no_part_exchange'] as const;
/** Vehicle type. */
export const VEHICLE_TYPES = ['used', 'new', 'all'] as const;
/** Branding. */
export const BRANDING_TYPES = ['existing', 'new'] as const;
/** Departments. */
export const DEPARTMENTS = ['Bodyshop', 'Business', 'Fleet', 'Motability', 'Parts', 'Sales', 'Service', 'Finance'] as const;
/** Finance providers. */
export const FINANCE_PROVIDERS = ['iVendi', 'Codeweavers', 'Evolution', 'Zuto'] as const;
/** Review providers. */
export const REVIEW_PROVIDERS = ['Trust Pilot', 'Judge Service', 'Feefo'] as const;
/** Stock type: all stock (1), selected only (2). */
export const STOCK_TYPES = { all: 1, selected: 2 } as const;
