// Demo media: logos, banners and a brochure PDF made at seed time with sharp (SVG drawn to the real
// formats), passed through the same checks and re-encoding as an upload, so the media grid shows
// true files with true thumbnails. Deterministic: every fresh database gets the same pictures.
import type { Db } from './database';
import { companyMeta, media } from './schema';
import { DEMO_EXTRA_COMPANIES } from './seed-companies';
import { LOGO_KEY } from '../companies/companies.fields';
import { processUpload, type Processed } from '../media/media.content';
import sharp, { type Sharp } from 'sharp';

/**
 * A small valid one-page PDF with a line of text (Helvetica), byte offsets in its xref table.
 * @example minimalPdf('Hello').subarray(0, 5).toString() // '%PDF-'
 */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A coloured card with a line of text (and an optional second, smaller line), drawn by sharp. */
export function card(width: number, height: number, background: string, title: string, subtitle = '', color = '#ffffff'): Sharp {
  const size = Math.round(Math.min(height * 0.28, (width * 1.3) / Math.max(title.length, 6)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${background}" stop-opacity="0.75"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="50%" y="${subtitle ? '46%' : '54%'}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="${color}" text-anchor="middle" dominant-baseline="middle">${escapeXml(title)}</text>
  ${subtitle ? `<text x="50%" y="70%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.45)}" fill="${color}" text-anchor="middle" dominant-baseline="middle">${escapeXml(subtitle)}</text>` : ''}
</svg>`;
  return sharp(Buffer.from(svg));
}

interface DemoFile {
  filename: string;
  /** The company the file is filed under (by name), or null for a shared file. */
  owner: string | null;
  /** The file is its owner's logo (company meta `logo`). */
  logo?: true;
  make(): Promise<Buffer>;
}

/** Ten files: shared logos and banners, one per demo dealer (its logo), a GIF, a WebP and a PDF. */
export const DEMO_MEDIA: DemoFile[] = [
  { filename: 'launch-portal-logo.png', owner: null, make: () => card(600, 240, '#0b5394', 'Launch Portal').png().toBuffer() },
  { filename: 'demo-motors-logo.png', owner: 'Demo Motors', logo: true, make: () => card(720, 280, '#b91c1c', 'Demo Motors', 'Since 1987').png().toBuffer() },
  { filename: 'harbour-cars-logo.jpg', owner: 'Harbour Cars', logo: true, make: () => card(800, 300, '#0f766e', 'Harbour Cars', 'Le Havre').jpeg({ quality: 90 }).toBuffer() },
  { filename: 'spring-offers-banner.jpg', owner: null, make: () => card(1200, 450, '#ea580c', 'Spring offers', 'From 0% APR on selected models').jpeg({ quality: 85 }).toBuffer() },
  { filename: 'used-car-week.webp', owner: null, make: () => card(800, 420, '#7c3aed', 'Used Car Week', '200 cars checked and ready').webp({ quality: 85 }).toBuffer() },
  { filename: 'service-plan.png', owner: null, make: () => card(600, 600, '#15803d', 'Service plan', 'Fixed monthly payments').png().toBuffer() },
  { filename: 'electric-range.jpg', owner: null, make: () => card(960, 540, '#0369a1', 'Electric range', 'Test drive today').jpeg({ quality: 85 }).toBuffer() },
  { filename: 'finance-badge.gif', owner: null, make: () => card(320, 320, '#facc15', 'Finance', 'Apply online', '#1f2937').gif().toBuffer() },
  { filename: 'partner-logo-strip.png', owner: null, make: () => card(880, 200, '#334155', 'Our partners').png().toBuffer() },
  { filename: 'dealer-brochure.pdf', owner: null, make: async () => minimalPdf('Launch Portal dealer brochure') },
];

/**
 * A company logo as a brand would draw one: large initials that stay legible in a list's small
 * thumbnail, the name in small letters beneath.
 */
export function monogram(width: number, height: number, background: string, name: string): Sharp {
  const initials = name.split(/[\s&'-]+/).filter((w) => /^\p{Lu}/u.test(w)).slice(0, 2).map((w) => w[0]).join('') || name[0];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" rx="${Math.round(height * 0.08)}" fill="${background}"/>
  <text x="50%" y="44%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height * 0.5)}" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(initials)}</text>
  <text x="50%" y="85%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(Math.min(height * 0.12, (width * 1.5) / name.length))}" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg));
}

const LOGO_COLOURS = ['#1e3a8a', '#9f1239', '#065f46', '#7c2d12', '#4c1d95', '#0f172a', '#155e75', '#854d0e'];
const fileSlug = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * A logo (600 × 240 PNG, within the spec's 500-900 px logo rule) for two in three of the extra demo
 * companies, filed under each: the companies list shows logos, and some rows show none, as in life.
 */
export const DEMO_COMPANY_LOGOS: DemoFile[] = DEMO_EXTRA_COMPANIES.filter((_, n) => n % 3 !== 2).map((c, n) => ({
  filename: `${fileSlug(c.name)}-logo.png`,
  owner: c.name,
  logo: true,
  make: () => monogram(600, 240, LOGO_COLOURS[n % LOGO_COLOURS.length], c.name).png().toBuffer(),
}));

// Drawn and encoded once per process: a test run seeds many databases, and the pictures never change.
let drawn: Promise<Array<{ file: DemoFile; processed: Processed }>> | null = null;
const drawAll = () => {
  // All at once: sharp works on libuv's thread pool, so the pictures are drawn on every core.
  drawn ??= Promise.all([...DEMO_COMPANY_LOGOS, ...DEMO_MEDIA].map(async (file) => ({ file, processed: await processUpload(await file.make(), file.filename) })));
  return drawn;
};

/** Inserts the demo media and sets the demo companies' logos (after the companies; `companyIds` by name). */
export async function seedDemoMedia(db: Db, companyIds: Map<string, number>): Promise<void> {
  const files = await drawAll();
  const rows = files.map(({ file, processed: p }) => ({
    filename: p.filename, mime: p.mime, size: p.data.length, width: p.width, height: p.height, data: p.data, thumbnail: p.thumbnail,
    companyId: file.owner ? (companyIds.get(file.owner) ?? null) : null,
  }));
  // One statement, in list order, so the newest-first grid (ties broken by id) starts with the brochure.
  // Serial ids are drawn in VALUES order: sorted by id, the answer lines up with `rows`.
  const inserted = (await db.insert(media).values(rows).returning({ id: media.id, guid: media.guid })).sort((a, b) => a.id - b.id);
  const logos = files.flatMap(({ file }, i) => (file.logo && rows[i].companyId ? [{ companyId: rows[i].companyId!, metaKey: LOGO_KEY, metaValue: inserted[i].guid }] : []));
  if (logos.length) await db.insert(companyMeta).values(logos);
}
