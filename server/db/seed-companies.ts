// Demo companies beyond Demo Motors and Harbour Cars: enough dealers across the six markets for the
// companies list to page, sort and filter for real. Deterministic (no randomness), so every fresh
// database holds the same rows, and inserted in a handful of batch statements to keep seeding fast.
import { inArray } from 'drizzle-orm';
import type { Db } from './database';
import { companies, companyTerms, companyUsers, userRoles, users } from './schema';
import { seedCompanyConfigs } from './seed-company-configs';
import { TERMS } from './seed-data';

type Market = 'UK' | 'AU' | 'BE' | 'FR' | 'NL' | 'ZA';

/** [name, street, postcode, town] per market. */
const DEALERS: Record<Market, Array<[string, string, string, string]>> = {
  UK: [
    ['Pennine Motor Group', '14 Kirkstall Road', 'LS4 2AZ', 'Leeds'],
    ['Thameside Cars', '220 Wandsworth Bridge Road', 'SW6 2UA', 'London'],
    ['Clyde Valley Motors', '85 Pollokshaws Road', 'G41 1PU', 'Glasgow'],
    ['Severn Bridge Autos', '3 Avonmouth Way', 'BS11 9YA', 'Bristol'],
    ['Mersey Motor Company', '41 Great Howard Street', 'L3 7DL', 'Liverpool'],
    ['Cotswold Prestige', 'Tewkesbury Road', 'GL51 9RR', 'Cheltenham'],
    ['Broadland Vehicle Centre', '9 Salhouse Road', 'NR7 9AB', 'Norwich'],
    ['Tyne & Wear Motors', '120 Scotswood Road', 'NE4 7JE', 'Newcastle upon Tyne'],
    ['Peak District Garage', '2 Fairfield Road', 'SK17 7DP', 'Buxton'],
    ['Solent Car Sales', '55 Millbrook Road East', 'SO15 1HN', 'Southampton'],
    ['Cambrian Motors', 'Park Avenue', 'SY23 1PG', 'Aberystwyth'],
    ['Ashford Road Vehicles', '7 Templer Way', 'TN23 6LG', 'Ashford'],
  ],
  AU: [
    ['Harbourside Motors', '118 Parramatta Road', 'NSW 2050', 'Camperdown'],
    ['Southbank Auto Group', '300 City Road', 'VIC 3006', 'Southbank'],
    ['Sunshine Coast Cars', '12 Maroochydore Road', 'QLD 4558', 'Maroochydore'],
    ['Swan River Motors', '401 Great Eastern Highway', 'WA 6104', 'Belmont'],
    ['Adelaide Hills Automotive', '45 Mount Barker Road', 'SA 5245', 'Hahndorf'],
    ['Top End Vehicles', '9 Stuart Highway', 'NT 0820', 'Winnellie'],
    ['Hobart Motor Centre', '100 Argyle Street', 'TAS 7000', 'Hobart'],
    ['Gold Coast Prestige', '77 Nerang Street', 'QLD 4215', 'Southport'],
    ['Canberra Auto Hub', '30 Ipswich Street', 'ACT 2609', 'Fyshwick'],
    ['Hunter Valley Motors', '250 Maitland Road', 'NSW 2304', 'Mayfield'],
  ],
  BE: [
    ['Garage Van den Broeck', 'Boomsesteenweg 610', '2610', 'Antwerpen'],
    ['Autohuis Peeters', 'Kortrijksesteenweg 1100', '9051', 'Gent'],
    ['Garage Dubois', 'Quai des Vennes 18', '4020', 'Liège'],
    ['Autobedrijf Janssens', 'Genkersteenweg 220', '3500', 'Hasselt'],
    ['Garage Lambert', 'Chaussée de Louvain 450', '5020', 'Namur'],
    ['Brussels Motor Center', 'Boulevard Industriel 60', '1070', 'Anderlecht'],
    ['Autocentrum Claes', 'Tiensesteenweg 310', '3010', 'Leuven'],
    ['Garage Delvaux', 'Route de Philippeville 180', '6010', 'Charleroi'],
    ['Brugse Autohandel', 'Sint-Pietersabdijstraat 12', '8000', 'Brugge'],
    ['Garage Mertens', 'Liersesteenweg 95', '2800', 'Mechelen'],
  ],
  FR: [
    ['Garage du Lac', '12 avenue de Genève', '74000', 'Annecy'],
    ['Automobiles Lefèvre', '88 route de Vienne', '69008', 'Lyon'],
    ['Bretagne Autos', '5 rue de Lorient', '35000', 'Rennes'],
    ['Garage Moreau', '140 cours de la Somme', '33800', 'Bordeaux'],
    ['Provence Automobiles', '2 avenue des Infirmeries', '13100', 'Aix-en-Provence'],
    ['Sud Ouest Motors', '31 route de Narbonne', '31400', 'Toulouse'],
    ['Garage de la Gare', '9 rue de Tournai', '59000', 'Lille'],
    ['Normandie Véhicules', '60 boulevard Yves Guillou', '14000', 'Caen'],
    ['Alsace Auto Prestige', '25 route du Polygone', '67100', 'Strasbourg'],
    ["Côte d'Azur Automobiles", '400 promenade des Anglais', '06200', 'Nice'],
  ],
  NL: [
    ['Autobedrijf De Vries', 'Europalaan 30', '3526 KS', 'Utrecht'],
    ["Van Dijk Auto's", 'Vaanweg 100', '3089 KV', 'Rotterdam'],
    ['Amstel Automotive', 'Duivendrechtsekade 80', '1096 AJ', 'Amsterdam'],
    ['Autohuis Bakker', 'Osloweg 5', '9723 BK', 'Groningen'],
    ['Brabant Auto Groep', 'Hurksestraat 20', '5652 AJ', 'Eindhoven'],
    ['Garage Visser', 'Ceintuurbaan 150', '8022 AW', 'Zwolle'],
    ["Hofstad Auto's", 'Binckhorstlaan 120', '2516 BA', 'Den Haag'],
    ['Autobedrijf Smit', 'Waarderweg 40', '2031 BP', 'Haarlem'],
    ['Maas Mobiliteit', 'Meerssenerweg 300', '6222 AK', 'Maastricht'],
  ],
  ZA: [
    ['Table Bay Motors', '10 Marine Drive', '7441', 'Cape Town'],
    ['Sandton Auto Group', '88 Rivonia Road', '2196', 'Sandton'],
    ['Durban North Motors', '250 Umgeni Road', '4001', 'Durban'],
    ['Pretoria East Cars', '400 Lynnwood Road', '0081', 'Pretoria'],
    ['Garden Route Motors', '15 York Street', '6529', 'George'],
    ['Nelson Mandela Bay Autos', '60 Cape Road', '6045', 'Gqeberha'],
    ['Highveld Motor City', '1 John Vorster Drive', '0157', 'Centurion'],
    ['Winelands Motors', '20 Adam Tas Road', '7600', 'Stellenbosch'],
    ['Bloemfontein Auto Hub', '5 Nelson Mandela Drive', '9301', 'Bloemfontein'],
  ],
};

const REGION_TERM: Record<Market, number> = { UK: 7, AU: 8, BE: 9, FR: 10, NL: 11, ZA: 12 };
const PEOPLE: Record<Market, Array<[string, string]>> = {
  UK: [['Oliver', 'Hughes'], ['Amelia', 'Clarke'], ['Harry', 'Patel'], ['Isla', 'Morgan'], ['Jack', 'Evans'], ['Sophie', 'Reid']],
  AU: [['Lachlan', 'Nguyen'], ['Chloe', 'Walsh'], ['Mitchell', 'Kelly'], ['Ruby', 'Thompson'], ['Cooper', 'Ryan']],
  BE: [['Lucas', 'Maes'], ['Emma', 'Willems'], ['Louis', 'Dupont'], ['Marie', 'Jacobs'], ['Arthur', 'Goossens']],
  FR: [['Hugo', 'Martin'], ['Léa', 'Bernard'], ['Gabriel', 'Petit'], ['Chloé', 'Roux'], ['Raphaël', 'Fournier']],
  NL: [['Daan', 'Jansen'], ['Sanne', 'de Boer'], ['Sem', 'Mulder'], ['Fleur', 'Meijer'], ['Luuk', 'Bos']],
  ZA: [['Sipho', 'Dlamini'], ['Anika', 'van der Merwe'], ['Thabo', 'Nkosi'], ['Lerato', 'Mokoena'], ['Pieter', 'Botha']],
};
const PHONE: Record<Market, (n: number) => string> = {
  UK: (n) => `0113 496 0${String(100 + n).padStart(3, '0')}`,
  AU: (n) => `02 5550 ${String(1000 + n)}`,
  BE: (n) => `+32 3 555 ${String(10 + n).padStart(2, '0')} 00`,
  FR: (n) => `01 99 00 ${String(10 + n).padStart(2, '0')} 00`,
  NL: (n) => `020 555 ${String(1000 + n)}`,
  ZA: (n) => `021 555 ${String(1000 + n)}`,
};
const LANG: Record<Market, (name: string) => string> = {
  UK: () => 'en', AU: () => 'en', ZA: () => 'en', FR: () => 'fr', NL: () => 'nl',
  // Belgium: Dutch-speaking Flanders, French-speaking Wallonia; the name tells which.
  BE: (name) => (/^Garage (Dubois|Lambert|Delvaux)|Brussels/.test(name) ? 'fr' : 'nl'),
};
const VAT: Record<Market, (n: number) => string> = {
  UK: (n) => `GB${String(300000000 + n * 7919)}`,
  AU: (n) => `ABN 51 ${String(824000000 + n * 613)}`,
  BE: (n) => `BE0${String(400000000 + n * 4271)}`,
  FR: (n) => `FR${String(10 + (n % 89)).padStart(2, '0')}${String(400000000 + n * 3571)}`,
  NL: (n) => `NL${String(800000000 + n * 2953)}B01`,
  ZA: (n) => `4${String(100000000 + n * 1877)}`,
};
/** Registration numbers by market (UK Companies House, AU ACN, BE enterprise number, FR SIREN, NL KvK, ZA CIPC). */
const REG: Record<Market, (n: number) => string> = {
  UK: (n) => String(10000000 + n * 7411).padStart(8, '0'),
  AU: (n) => String(600000000 + n * 4513),
  BE: (n) => `0${String(400000000 + n * 4271)}`,
  FR: (n) => String(400000000 + n * 3571),
  NL: (n) => String(30000000 + n * 1231),
  ZA: (n) => `2015/${String(100000 + n * 37).padStart(6, '0')}/07`,
};
const COUNTRY: Record<Market, string> = { UK: 'GB', AU: 'AU', BE: 'BE', FR: 'FR', NL: 'NL', ZA: 'ZA' };
// Type terms 1-6, make terms 20-50, partner terms 60-65 (seed-data.ts TERMS).
const TYPES = [1, 2, 3, 1, 2, 6, 1, 4, 2, 1, 5, 3];
const STAGES = ['configurator', 'configurator', 'showcase', 'configurator', 'created', 'showcase'] as const;

const slugify = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export interface DemoCompany {
  name: string;
  market: Market;
  termIds: number[];
}

/**
 * A dealer group (issue 54): the primary user of the first company also belongs to the second, so
 * the demo shows a dealer switching companies (cooper.ryan@gold-coast-prestige.example). The second
 * has no demo project, so no seeded stakeholder list changes with it.
 */
export const DEMO_GROUP = { company: 'Gold Coast Prestige', alsoIn: 'Hunter Valley Motors' } as const;

/** The extra demo companies in seeding order, with their terms (tests read this list). */
export const DEMO_EXTRA_COMPANIES: DemoCompany[] = (Object.keys(DEALERS) as Market[]).flatMap((market) =>
  DEALERS[market].map(([name], i) => {
    const n = Object.keys(DEALERS).indexOf(market) * 20 + i;
    const type = TYPES[n % TYPES.length];
    const makes = type === 6 ? [] : [20 + ((n * 7) % 31), ...(type === 2 || type === 3 ? [20 + ((n * 7 + 11) % 31)] : [])];
    const partner = n % 3 === 0 ? [60 + (n % 6)] : [];
    return { name, market, termIds: [type, REGION_TERM[market], ...new Set(makes), ...partner] };
  }),
);

/**
 * Inserts the extra demo companies with one or two dealer users each (role Client, the first one
 * primary), all with the demo password. Five statements whatever the number of companies.
 * Answers their ids by name.
 */
export async function seedDemoCompanies(tx: Db, passwordHash: string): Promise<Map<string, number>> {
  const day = 86_400_000;
  const start = Date.UTC(2024, 0, 8);
  const rows = DEMO_EXTRA_COMPANIES.map((c, n) => {
    const [, street, postcode, town] = DEALERS[c.market].find(([name]) => name === c.name)!;
    const [first, last] = PEOPLE[c.market][n % PEOPLE[c.market].length];
    const created = new Date(start + ((n * 11) % 680) * day + (n % 9) * 3_600_000);
    return {
      name: c.name,
      lang: LANG[c.market](c.name),
      stage: STAGES[n % STAGES.length],
      status: n % 9 === 8 ? 'inactive' : 'active',
      contactName: `${first} ${last}`,
      contactNumber: PHONE[c.market](n),
      fsaNumber: c.market === 'UK' ? String(600000 + n * 37) : null,
      // The same numbers as the company information of its config (seed-company-configs.ts): the
      // company follows its config (server/README.md, "Company numbers").
      regNumber: REG[c.market](n),
      vatNumber: VAT[c.market](n),
      websiteAddress: `https://www.${slugify(c.name)}.example`,
      addressLine1: street,
      addressLine2: postcode,
      addressLine3: town,
      regAddressLine1: street,
      regAddressLine2: postcode,
      regAddressLine3: town,
      createdAt: created,
      updatedAt: new Date(created.getTime() + ((n * 5) % 60) * day),
    };
  });
  const inserted = await tx.insert(companies).values(rows).returning({ id: companies.id, name: companies.name });
  const idOf = new Map(inserted.map((r) => [r.name, r.id]));
  await tx.insert(companyTerms).values(DEMO_EXTRA_COMPANIES.flatMap((c) => c.termIds.map((termId) => ({ companyId: idOf.get(c.name)!, termId }))));

  const people = DEMO_EXTRA_COMPANIES.flatMap((c, n) => {
    const list = PEOPLE[c.market];
    const count = n % 3 === 1 ? 2 : 1;
    return Array.from({ length: count }, (_, k) => {
      const [first, last] = list[(n + k) % list.length];
      const domain = `${slugify(c.name)}.example`;
      return {
        company: c.name,
        row: {
          email: `${slugify(first)}.${slugify(last)}@${domain}`,
          name: `${first} ${last}`,
          position: k === 0 ? 'Dealer Principal' : 'Sales Manager',
          telephone: PHONE[c.market](n),
          country: c.market === 'UK' ? 'GB' : c.market,
          primary: k === 0,
          passwordHash,
        },
      };
    });
  });
  const userRows = await tx.insert(users).values(people.map((p) => p.row)).returning({ id: users.id, email: users.email });
  const userIdOf = new Map(userRows.map((u) => [u.email, u.id]));
  await tx.insert(userRoles).values(userRows.map((u) => ({ userId: u.id, roleId: 1 })));
  await tx.insert(companyUsers).values(people.map((p) => ({ companyId: idOf.get(p.company)!, userId: userIdOf.get(p.row.email)! })));
  const grouped = people.find((p) => p.company === DEMO_GROUP.company && p.row.primary)!;
  await tx.insert(companyUsers).values({ companyId: idOf.get(DEMO_GROUP.alsoIn)!, userId: userIdOf.get(grouped.row.email)! });

  // Every company in the configurator stage has a config, each at its own point (seed-company-configs.ts).
  const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['pm@demo.test', 'am@demo.test']));
  const staffId = (email: string) => staff.find((u) => u.email === email)!.id;
  const makeName = (termId: number) => TERMS.find((t) => t.id === termId)!.name;
  const inConfigurator = rows.flatMap((row, n) => {
    if (row.stage !== 'configurator') return [];
    const c = DEMO_EXTRA_COMPANIES[n];
    const primary = people.find((p) => p.company === c.name && p.row.primary)!.row;
    return [{
      companyId: idOf.get(c.name)!, name: c.name, country: COUNTRY[c.market], street: row.addressLine1, postcode: row.addressLine2, town: row.addressLine3,
      regNumber: row.regNumber, vatNumber: row.vatNumber,
      contact: { name: primary.name, email: primary.email, telephone: primary.telephone, position: primary.position },
      makes: c.termIds.filter((id) => id >= 20 && id < 60).map(makeName),
      dealerId: userIdOf.get(primary.email)!,
    }];
  });
  await seedCompanyConfigs(tx, inConfigurator, { pmId: staffId('pm@demo.test'), amId: staffId('am@demo.test') });
  return idOf;
}
