// Demo products: the web products a dealer orders on an agreement (spec section 3 "Product"), with
// realistic pricing types and costs, region and type terms, and a few bundles (children) and add-ons
// (parent). Deterministic, seeded only while the products table is empty.
import { count, sql } from 'drizzle-orm';
import type { Db } from './database';
import { products, productTerms } from './schema';
import { LOCK_IDS } from './locks';

// Region terms 7-12 (UK, AU, BE, FR, NL, ZA) and type terms 1-6 (seed-data.ts TERMS).
const R = { UK: 7, AU: 8, BE: 9, FR: 10, NL: 11, ZA: 12 } as const;
const ALL_REGIONS = Object.values(R);
const EUROPE = [R.UK, R.BE, R.FR, R.NL];
const T = { franchised: 1, multi: 2, group: 3, leasing: 4, manufacturer: 5, independent: 6 } as const;
const DEALERS = [T.franchised, T.multi, T.group, T.independent];

type CostType = 'per month' | 'per lead' | 'per site' | 'per transaction' | 'per annum' | 'per chat';
interface DemoProduct {
  key: string;
  name: string;
  description: string;
  cost: number;
  costType: CostType;
  costNotes?: string;
  discount?: number;
  addition?: boolean;
  conditions?: string;
  editable?: boolean;
  locationLimit?: number;
  stockLimit?: number;
  perStock?: boolean;
  costPerStock?: number;
  perLocation?: boolean;
  perFranchise?: boolean;
  fixedSetupFee?: number;
  stages?: string[];
  regions: number[];
  types: number[];
  /** Keys of the products bundled in this one. */
  children?: string[];
  /** Key of the product this one is an add-on to. */
  parent?: string;
  byDefault?: boolean;
}

/** The catalogue in list order (order_column 1..40). */
export const DEMO_PRODUCTS: DemoProduct[] = [
  { key: 'platform', name: 'Dealer Website Platform', description: 'Responsive dealer website on the managed platform: hosting, SSL, CMS, vehicle search and lead forms.', cost: 495, costType: 'per month', fixedSetupFee: 3000, perLocation: true, locationLimit: 3, stages: ['company-information', 'design', 'colour-scheme', 'domains', 'global-navigation', 'homepage-elements'], regions: ALL_REGIONS, types: DEALERS, children: ['hosting', 'cms-training', 'ssl'], byDefault: true, conditions: 'Minimum 24 month subscription. Set-up fee payable within 30 days of the Effective Date.' },
  { key: 'hosting', name: 'Managed Hosting & SSL', description: 'UK data-centre hosting with daily back-ups, CDN and a managed SSL certificate.', cost: 0, costType: 'per month', costNotes: 'Included with the website platform', regions: ALL_REGIONS, types: DEALERS, parent: 'platform' },
  { key: 'cms-training', name: 'CMS Training Session', description: 'Two-hour remote training on pages, offers and news for up to six staff.', cost: 0, costType: 'per site', costNotes: 'Included; further sessions £150', stages: ['training'], regions: ALL_REGIONS, types: DEALERS, parent: 'platform' },
  { key: 'ssl', name: 'Extended Validation Certificate', description: 'EV certificate for the main domain, renewed automatically.', cost: 0, costType: 'per annum', costNotes: 'Included', regions: ALL_REGIONS, types: DEALERS, parent: 'platform' },
  { key: 'custom-design', name: 'Custom Website Design', description: 'Bespoke design from a design brief, with at most two rounds of amendments.', cost: 4500, costType: 'per site', fixedSetupFee: 4500, editable: true, stages: ['design-brief', 'design'], regions: ALL_REGIONS, types: [T.multi, T.group, T.independent], conditions: 'At most two rounds of amendments; further changes are charged at the day rate.' },
  { key: 'franchise-template', name: 'Manufacturer-Approved Template', description: 'Franchise-compliant template kept in line with the manufacturer\u2019s brand guidelines.', cost: 95, costType: 'per month', perFranchise: true, regions: ALL_REGIONS, types: [T.franchised, T.multi, T.group] },
  { key: 'stock-feed', name: 'Used Stock Feed', description: 'Used vehicle stock imported several times a day from the dealer management system.', cost: 75, costType: 'per month', perStock: true, stockLimit: 250, costPerStock: 0.35, stages: ['import-feeds', 'stock'], regions: ALL_REGIONS, types: DEALERS, byDefault: true },
  { key: 'new-stock', name: 'New Car Stock Locator', description: 'Manufacturer new and pre-registered stock with live availability.', cost: 120, costType: 'per month', perFranchise: true, stages: ['stock'], regions: ALL_REGIONS, types: [T.franchised, T.multi, T.group] },
  { key: 'export-feeds', name: 'Stock Export Feeds', description: 'Stock sent to up to five portals (Autotrader, CarGurus, Motors and others).', cost: 45, costType: 'per month', costNotes: 'Five feeds included; extra feeds £10 each', stages: ['export-feeds'], regions: ALL_REGIONS, types: DEALERS },
  { key: 'image-enhance', name: 'Vehicle Image Enhancement', description: 'Automatic background replacement and branded frames on every stock photo.', cost: 0.9, costType: 'per transaction', costNotes: 'Per vehicle processed', addition: true, perStock: true, costPerStock: 0.9, regions: ALL_REGIONS, types: DEALERS, parent: 'stock-feed' },
  { key: 'video', name: 'Walkaround Video Hosting', description: 'Hosting and player for walkaround videos on vehicle detail pages.', cost: 39, costType: 'per month', addition: true, regions: ALL_REGIONS, types: DEALERS, parent: 'stock-feed' },
  { key: 'finance-calc', name: 'Finance Calculator', description: 'PCP and HP quotes on every vehicle, from the dealer\u2019s finance provider.', cost: 85, costType: 'per month', stages: ['software'], regions: [R.UK, R.AU, R.ZA], types: DEALERS, byDefault: true },
  { key: 'finance-apply', name: 'Online Finance Application', description: 'Full finance application with a decision typically within 30 seconds.', cost: 4.5, costType: 'per lead', addition: true, regions: [R.UK], types: DEALERS, parent: 'finance-calc' },
  { key: 'soft-search', name: 'Soft Credit Search Eligibility', description: 'Eligibility check that leaves no footprint on the customer\u2019s credit file.', cost: 1.75, costType: 'per transaction', addition: true, regions: [R.UK], types: DEALERS, parent: 'finance-calc' },
  { key: 'px-valuation', name: 'Part-Exchange Valuation', description: 'Instant part-exchange valuation from CAP or Aston Barclay data.', cost: 65, costType: 'per month', stages: ['valuations', 'part-exchange'], regions: [R.UK, R.BE, R.FR, R.NL], types: DEALERS },
  { key: 'buy-valuation', name: 'We Buy Any Car Widget', description: 'Standalone vehicle buying page that captures sellers as leads.', cost: 3.5, costType: 'per lead', regions: [R.UK, R.ZA], types: DEALERS },
  { key: 'live-chat', name: 'Live Chat', description: 'Staffed live chat on the website, 8am to 10pm, seven days a week.', cost: 2.95, costType: 'per chat', costNotes: 'Billed per completed chat', regions: [R.UK, R.AU, R.ZA], types: DEALERS },
  { key: 'chatbot', name: 'Out-of-Hours Chatbot', description: 'Chatbot that books appointments and captures leads when the showroom is closed.', cost: 49, costType: 'per month', addition: true, regions: ALL_REGIONS, types: DEALERS, parent: 'live-chat' },
  { key: 'reservations', name: 'Online Vehicle Reservations', description: 'Customers reserve a car online with a refundable deposit.', cost: 59, costType: 'per month', stages: ['buying-online'], regions: ALL_REGIONS, types: DEALERS },
  { key: 'deposit-payments', name: 'Deposit Payments (Stripe)', description: 'Card, Apple Pay and Google Pay deposits through the dealer\u2019s Stripe account.', cost: 0.5, costType: 'per transaction', costNotes: 'Plus Stripe\u2019s own fees', regions: ALL_REGIONS, types: DEALERS, parent: 'reservations' },
  { key: 'buy-online', name: 'Buy Online End to End', description: 'Full online purchase: part-exchange, finance, delivery or collection, and payment.', cost: 349, costType: 'per month', fixedSetupFee: 1500, stages: ['buying-online', 'delivery-collection', 'extras', 'terms'], regions: [R.UK, R.AU], types: [T.multi, T.group, T.independent], children: ['reservations', 'deposit-payments'] },
  { key: 'service-booking', name: 'Service Booking', description: 'Online service and MOT booking with live workshop availability.', cost: 79, costType: 'per month', perLocation: true, regions: ALL_REGIONS, types: DEALERS },
  { key: 'seo-essential', name: 'SEO Essentials', description: 'Technical SEO audit, local listings and a monthly ranking report.', cost: 250, costType: 'per month', regions: ALL_REGIONS, types: DEALERS },
  { key: 'seo-growth', name: 'SEO Growth Package', description: 'Essentials plus four optimised landing pages and two articles a month.', cost: 595, costType: 'per month', discount: 10, regions: ALL_REGIONS, types: [T.multi, T.group], children: ['seo-essential'] },
  { key: 'seo-local', name: 'Local SEO per Site', description: 'Google Business Profile management and citations for each dealership.', cost: 45, costType: 'per site', perLocation: true, regions: ALL_REGIONS, types: DEALERS },
  { key: 'ppc', name: 'PPC Management', description: 'Google Ads stock and brand campaigns managed by our paid-search team.', cost: 350, costType: 'per month', costNotes: 'Management fee; ad spend billed separately', editable: true, regions: ALL_REGIONS, types: DEALERS },
  { key: 'social-ads', name: 'Social Stock Ads', description: 'Automated Facebook and Instagram stock adverts from the live feed.', cost: 199, costType: 'per month', regions: ALL_REGIONS, types: DEALERS },
  { key: 'email-marketing', name: 'Email Marketing', description: 'Monthly newsletter and automated service reminders to opted-in customers.', cost: 129, costType: 'per month', stages: ['marketing-preferences'], regions: EUROPE, types: DEALERS },
  { key: 'analytics', name: 'Google Analytics 4 Set-up', description: 'GA4 property, conversion events and a lead dashboard.', cost: 350, costType: 'per site', stages: ['google-analytics'], regions: ALL_REGIONS, types: DEALERS },
  { key: 'call-tracking', name: 'Call Tracking', description: 'Tracked numbers per source with recordings and missed-call alerts.', cost: 0.65, costType: 'per lead', regions: [R.UK, R.AU, R.ZA], types: DEALERS },
  { key: 'reviews', name: 'Reviews Integration', description: 'Trust Pilot, Feefo or Judge Service reviews on the website.', cost: 25, costType: 'per month', stages: ['integrations'], regions: ALL_REGIONS, types: DEALERS },
  { key: 'crm', name: 'CRM Lead Integration', description: 'Leads delivered straight into the dealer\u2019s CRM in ADF/XML.', cost: 35, costType: 'per month', stages: ['integrations'], regions: ALL_REGIONS, types: DEALERS },
  { key: 'domains', name: 'Domain Registration', description: 'Registration and renewal of a .co.uk domain (.com and .ie £60).', cost: 17.5, costType: 'per annum', costNotes: '+ VAT per domain', stages: ['domains', 'transfer'], regions: [R.UK], types: DEALERS },
  { key: 'email-accounts', name: 'Email Accounts', description: 'Business email accounts on the dealer\u2019s domain.', cost: 75, costType: 'per annum', costNotes: '£75 + VAT set-up per account', fixedSetupFee: 75, editable: true, stages: ['email-accounts'], regions: [R.UK], types: DEALERS },
  { key: 'cookie-consent', name: 'Cookie Consent & Privacy Centre', description: 'Consent banner and data preference centre that meets GDPR and PECR.', cost: 19, costType: 'per month', stages: ['data-preference-centre', 'age-of-consent', 'data-protection-officer'], regions: EUROPE, types: DEALERS, byDefault: true },
  { key: 'leasing-site', name: 'Leasing Website', description: 'Lease deals site with rate book import and broker enquiry forms.', cost: 395, costType: 'per month', fixedSetupFee: 2500, stages: ['leasing', 'rate-book'], regions: [R.UK, R.NL, R.BE], types: [T.leasing] },
  { key: 'rate-book', name: 'Rate Book Import', description: 'Monthly funder rate book imported and priced automatically.', cost: 89, costType: 'per month', regions: [R.UK, R.NL, R.BE], types: [T.leasing], parent: 'leasing-site' },
  { key: 'oem-locator', name: 'Manufacturer Dealer Locator', description: 'Retailer locator and network stock search for a manufacturer site.', cost: 1200, costType: 'per month', editable: true, regions: ALL_REGIONS, types: [T.manufacturer] },
  { key: 'multisite', name: 'Group Multi-Site Hub', description: 'Group site linking every dealership with shared stock and offers.', cost: 150, costType: 'per site', perLocation: true, stages: ['divisions', 'locations', 'departments'], regions: ALL_REGIONS, types: [T.group, T.multi] },
  { key: 'accessibility', name: 'Accessibility Toolbar', description: 'Text size, contrast and read-aloud tools on every page.', cost: 15, costType: 'per month', addition: true, regions: ALL_REGIONS, types: DEALERS, parent: 'platform' },
];

/**
 * Inserts the demo products when there are none (a restart, or a database where staff already
 * made their own, leaves the table alone). Three statements, then the bundles' child ids.
 */
export async function seedDemoProducts(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The same lock as the catalogue's order changes (products/products.write.ts).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IDS.productOrder})`);
    const [{ n }] = await tx.select({ n: count() }).from(products);
    if (n > 0) return false;
    const day = 86_400_000;
    const start = Date.UTC(2024, 2, 4);
    const rows = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((p, i) => {
          const created = new Date(start + ((i * 13) % 400) * day);
          return {
            name: p.name,
            description: p.description,
            cost: p.cost.toFixed(2),
            costType: p.costType,
            costNotes: p.costNotes ?? null,
            discount: (p.discount ?? 0).toFixed(2),
            addition: p.addition ?? false,
            conditions: p.conditions ?? null,
            editable: p.editable ?? false,
            locationLimit: p.locationLimit ?? null,
            stockLimit: p.stockLimit ?? null,
            perStock: p.perStock ?? false,
            costPerStock: p.costPerStock === undefined ? null : p.costPerStock.toFixed(2),
            perLocation: p.perLocation ?? false,
            perFranchise: p.perFranchise ?? false,
            fixedSetupFee: p.fixedSetupFee === undefined ? null : p.fixedSetupFee.toFixed(2),
            stages: p.stages ?? [],
            orderColumn: i + 1,
            addByDefaultInAgreement: p.byDefault ?? false,
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .returning({ id: products.id, name: products.name });
    const idOf = new Map(DEMO_PRODUCTS.map((p) => [p.key, rows.find((r) => r.name === p.name)!.id]));
    await tx.insert(productTerms).values(DEMO_PRODUCTS.flatMap((p) => [...p.regions, ...p.types].map((termId) => ({ productId: idOf.get(p.key)!, termId }))));
    for (const p of DEMO_PRODUCTS) {
      if (!p.children && !p.parent) continue;
      await tx
        .update(products)
        .set({ children: (p.children ?? []).map((k) => idOf.get(k)!).join(','), parent: p.parent ? idOf.get(p.parent)! : null })
        .where(sql`${products.id} = ${idOf.get(p.key)!}`);
    }
    return true;
  });
}
