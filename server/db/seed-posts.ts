// Demo showcase posts: five dealer websites that went live (UK, France, Australia, Belgium, South
// Africa) and one still a draft (Demo Motors, in its configurator), each with a featured image and a
// gallery drawn with sharp into the shared library. Deterministic, seeded once per database.
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import { media, postMedia, posts, postTerms, settings, users } from './schema';
import { card } from './seed-media';
import { processUpload, type Processed } from '../media/media.content';
import { LOCK_IDS } from './locks';
import { slugOf } from '../posts/posts.write';

// Region terms 7-12, type terms 1-6, make terms 20-50 (seed-data.ts TERMS).
const R = { UK: 7, AU: 8, BE: 9, FR: 10, NL: 11, ZA: 12 } as const;
const T = { franchised: 1, multi: 2, group: 3, independent: 6 } as const;
const M = { audi: 22, bmw: 23, citroen: 24, ford: 29, hyundai: 31, kia: 34, mazda: 37, peugeot: 42, renault: 43, skoda: 45, toyota: 47, vauxhall: 48, volkswagen: 49 } as const;

interface DemoImage {
  name: string;
  alt: string;
  title: string;
  subtitle: string;
}
export interface DemoPost {
  title: string;
  excerpt: string;
  content: string[];
  website: string;
  /** ISO date of first publication; null for a draft. */
  published: string | null;
  colour: string;
  terms: number[];
  featured: DemoImage;
  gallery: DemoImage[];
}

const screen = (name: string, company: string, page: string, detail: string): DemoImage => ({ name, alt: `${company}: ${page.toLowerCase()} of the new website`, title: page, subtitle: detail });

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Harbour Cars goes live with a stock-led website',
    excerpt: 'Harbour Cars, an independent dealer on the French coast, now sells its used stock online with live finance quotes and part exchange valuations.',
    content: [
      'Harbour Cars has been selling quality used cars from its showroom on the quay for over twenty years. Its new website puts the whole forecourt online: every car is imported from the dealer management system three times a day, with up to 40 photos each.',
      'Buyers can reserve a car with a deposit, ask for a part exchange valuation and get a finance quote on the vehicle page, in French or English.',
      'Hugo Harbour: "Half of our enquiries now arrive outside opening hours. The site answers the first questions for us, so the calls we take are from buyers who are ready."',
    ],
    website: 'https://harbour-cars.example',
    published: '2025-09-18T09:00:00Z',
    colour: '#0f766e',
    terms: [R.FR, T.independent, M.peugeot, M.renault, M.citroen],
    featured: { name: 'harbour-cars-live.jpg', alt: 'Harbour Cars: the new website on a laptop and a phone', title: 'Harbour Cars', subtitle: 'Now live: harbour-cars.example' },
    gallery: [
      screen('harbour-cars-homepage.jpg', 'Harbour Cars', 'Homepage', 'Search 120 used cars'),
      screen('harbour-cars-vehicle-page.jpg', 'Harbour Cars', 'Vehicle page', 'Reserve online with a deposit'),
      screen('harbour-cars-finance.jpg', 'Harbour Cars', 'Finance quote', 'Monthly payments on every car'),
    ],
  },
  {
    title: 'Pennine Motor Group launches one site for three franchises',
    excerpt: 'Ford, Kia and Hyundai under one roof: Pennine Motor Group brings its Leeds showrooms together on a single multi-franchise website.',
    content: [
      'Pennine Motor Group ran three separate websites, one per franchise, each with its own stock search and enquiry forms. The new group site brings new and used stock from all three showrooms into one search, while each brand keeps its own pages as the manufacturers require.',
      'Service bookings go straight into the workshop diary, and every enquiry reaches the right department at the right site.',
      'The group launched on schedule after an eight-week configuration, with franchises, locations, departments and opening hours all set up through the configurator.',
    ],
    website: 'https://www.pennine-motor-group.example',
    published: '2025-06-03T08:30:00Z',
    colour: '#1e3a8a',
    terms: [R.UK, T.multi, M.ford, M.kia, M.hyundai],
    featured: { name: 'pennine-motor-group-live.jpg', alt: 'Pennine Motor Group: the new group website', title: 'Pennine Motor Group', subtitle: 'Three franchises, one website' },
    gallery: [
      screen('pennine-stock-search.jpg', 'Pennine Motor Group', 'Stock search', 'New and used across three sites'),
      screen('pennine-service-booking.jpg', 'Pennine Motor Group', 'Service booking', 'Straight into the workshop diary'),
    ],
  },
  {
    title: 'Harbourside Motors is live in Sydney',
    excerpt: 'Harbourside Motors in Camperdown launches a Toyota and Mazda website with test drive bookings and trade-in appraisals.',
    content: [
      'Harbourside Motors is a family-run Toyota and Mazda dealership on Parramatta Road. Its new website lists about 400 new, demonstrator and used vehicles, updated every hour.',
      'Customers book a test drive for a set time, and the trade-in appraisal gives a guide price before they visit.',
      'The site was built on the franchise template, so the manufacturer pages and offers stay up to date without work from the dealership.',
    ],
    website: 'https://www.harbourside-motors.example',
    published: '2025-07-22T23:00:00Z',
    colour: '#b45309',
    terms: [R.AU, T.franchised, M.toyota, M.mazda],
    featured: { name: 'harbourside-motors-live.jpg', alt: 'Harbourside Motors: the new website', title: 'Harbourside Motors', subtitle: 'Live in Sydney' },
    gallery: [
      screen('harbourside-test-drive.jpg', 'Harbourside Motors', 'Test drive booking', 'Pick a time that suits you'),
      screen('harbourside-trade-in.jpg', 'Harbourside Motors', 'Trade-in appraisal', 'A guide price in two minutes'),
      screen('harbourside-offers.jpg', 'Harbourside Motors', 'Offers', 'Toyota and Mazda offers, always current'),
    ],
  },
  {
    title: 'Garage Van den Broeck opens its online showroom',
    excerpt: 'The Antwerp Volkswagen, Audi and Škoda dealer launches a website in Dutch and French with online reservations.',
    content: [
      'Garage Van den Broeck has sold Volkswagen Group cars in Antwerp since 1972. Its new website speaks Dutch and French, and shows new and used stock with prices including VAT.',
      'A car can be reserved online, and the workshop takes bookings for servicing and tyre changes.',
      'The website went live together with the cookie consent and privacy centre, so the dealer meets GDPR from day one.',
    ],
    website: 'https://www.garage-van-den-broeck.example',
    published: '2025-10-14T07:00:00Z',
    colour: '#7c2d12',
    terms: [R.BE, T.franchised, M.volkswagen, M.audi, M.skoda],
    featured: { name: 'van-den-broeck-live.jpg', alt: 'Garage Van den Broeck: the new website', title: 'Garage Van den Broeck', subtitle: 'Online showroom in Dutch and French' },
    gallery: [
      screen('van-den-broeck-stock.jpg', 'Garage Van den Broeck', 'Stock list', 'Prices including VAT'),
      screen('van-den-broeck-workshop.jpg', 'Garage Van den Broeck', 'Workshop booking', 'Servicing and tyre changes'),
    ],
  },
  {
    title: 'Table Bay Motors: a new website for Cape Town',
    excerpt: 'Table Bay Motors replaces its old brochure site with live stock, finance applications and WhatsApp enquiries.',
    content: [
      'Table Bay Motors sells Toyota and Volkswagen cars from its showroom on Marine Drive. The new website shows the full stock with finance estimates in rand.',
      'Buyers can apply for finance online and start a conversation on WhatsApp from any vehicle page, which is how most of the dealer\'s customers prefer to talk.',
      'The launch took six weeks from the signed order form, with the data migration from the old site included.',
    ],
    website: 'https://www.table-bay-motors.example',
    published: '2026-01-20T06:00:00Z',
    colour: '#155e75',
    terms: [R.ZA, T.franchised, M.toyota, M.volkswagen],
    featured: { name: 'table-bay-motors-live.jpg', alt: 'Table Bay Motors: the new website', title: 'Table Bay Motors', subtitle: 'Live in Cape Town' },
    gallery: [
      screen('table-bay-finance.jpg', 'Table Bay Motors', 'Finance application', 'Apply online in minutes'),
      screen('table-bay-vehicle.jpg', 'Table Bay Motors', 'Vehicle page', 'Chat on WhatsApp'),
    ],
  },
  {
    title: 'Demo Motors: the new website is nearly ready',
    excerpt: 'Demo Motors in Leeds and York is finishing its configurator; the BMW, Ford and Vauxhall website follows soon.',
    content: [
      'Demo Motors has completed its company information and key contact, and its franchises, locations and departments are with the project team.',
      'Opening hours are the last section in progress. Once the configuration is submitted, the website goes to build.',
    ],
    website: 'https://demo-motors.example',
    published: null,
    colour: '#b91c1c',
    terms: [R.UK, T.franchised, M.bmw, M.ford, M.vauxhall],
    featured: { name: 'demo-motors-coming-soon.jpg', alt: 'Demo Motors: the website in progress', title: 'Demo Motors', subtitle: 'Coming soon' },
    gallery: [
      screen('demo-motors-homepage-draft.jpg', 'Demo Motors', 'Homepage draft', 'Leeds and York'),
      screen('demo-motors-locations-draft.jpg', 'Demo Motors', 'Locations draft', 'Two sites, three franchises'),
    ],
  },
];

/** The settings row that says the demo posts were seeded (deleting every post must not bring them back). */
const SEEDED_KEY = 'demo_posts_seeded';

// Drawn and encoded once per process, as the other demo media: a test run seeds many databases.
let drawn: Promise<Processed[][]> | null = null;
const drawAll = () => {
  const draw = (post: DemoPost, image: DemoImage, featured: boolean) =>
    card(featured ? 1200 : 960, featured ? 630 : 540, post.colour, image.title, image.subtitle)
      .jpeg({ quality: 82 })
      .toBuffer()
      .then((buf) => processUpload(buf, image.name));
  drawn ??= Promise.all(DEMO_POSTS.map((post) => Promise.all([draw(post, post.featured, true), ...post.gallery.map((image) => draw(post, image, false))])));
  return drawn;
};

/**
 * Inserts the demo posts with their images (shared library, dated a day before the post, so the
 * media grid's newest files stay the other demo files), once per database: not when posts exist or
 * were seeded before. Returns whether it seeded.
 */
export async function seedDemoPosts(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SEEDED_KEY))).length > 0 || (await tx.select({ n: count() }).from(posts))[0].n > 0;
  if (await done(db)) return false;
  const images = await drawAll();
  return db.transaction(async (tx) => {
    // The posts' slug lock (posts/posts.write.ts): instances starting at once seed once.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IDS.postSlugs})`);
    if (await done(tx as unknown as Db)) return false;
    const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    const day = 86_400_000;
    for (const [i, post] of DEMO_POSTS.entries()) {
      const written = new Date(Date.parse(post.published ?? '2026-02-02T10:00:00Z') - day);
      const files = [post.featured, ...post.gallery].map((image, n) => {
        const p = images[i][n];
        return { filename: p.filename, mime: p.mime, size: p.data.length, width: p.width, height: p.height, data: p.data, thumbnail: p.thumbnail, alt: image.alt, companyId: null, createdAt: written };
      });
      // Serial ids are drawn in VALUES order: sorted by id, the answer lines up with `files`.
      const ids = (await tx.insert(media).values(files).returning({ id: media.id })).map((r) => r.id).sort((a, b) => a - b);
      const [row] = await tx
        .insert(posts)
        .values({
          postTitle: post.title,
          slug: slugOf(post.title),
          postExcerpt: post.excerpt,
          postContent: post.content.join('\n\n'),
          postStatus: post.published ? 'published' : 'draft',
          publishedAt: post.published ? new Date(post.published) : null,
          websiteAddress: post.website,
          featuredMediaId: ids[0],
          authorId: author?.id ?? null,
          createdAt: written,
          updatedAt: post.published ? new Date(post.published) : written,
        })
        .returning({ id: posts.id });
      await tx.insert(postMedia).values(ids.slice(1).map((mediaId, position) => ({ postId: row.id, mediaId, position })));
      await tx.insert(postTerms).values(post.terms.map((termId) => ({ postId: row.id, termId })));
    }
    await tx.insert(settings).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
