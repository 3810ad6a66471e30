/**
 * A whole configuration: every stage of the catalogue filled in as a real dealer group of 30
 * locations would fill it, valid in submit mode (no errors). The `config` benchmark validates and
 * cascades it; tests/engine/whole-config.test.ts checks it stays valid as stage files change.
 *
 * Built on the story data (stories/support): the group's makes, sites, departments and opening hours
 * (dealerGroup), the website stages (filledWebsiteStages) and the transact stages
 * (filledTransactStages), plus the stages those leave empty (social feeds, divisions, design brief,
 * import feeds, extras) and one user per site who receives the site's enquiries.
 * @example filledConfig().locations.locations.length // 30
 */
import { dealerGroup, type Doc } from '../stories/support/dealerGroup';
import { filledTransactStages } from '../stories/support/transactStages';
import { filledWebsiteStages } from '../stories/support/websiteStages';

type Item = { id: string; name: string; locations?: string[] };

const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Ivy', 'Leo'];
const LAST = ['Hughes', 'Khan', 'Walsh', 'Okafor', 'Brennan', 'Clarke', 'Nowak', 'Lloyd', 'Ahmed', 'Fraser'];

export interface FilledConfigOptions {
  /** Sites of the group (default 30). */
  locations?: number;
  /** Makes the group sells (default 12; each site sells two). */
  franchises?: number;
  /** Departments at each site (default 8, one opening-hours entry each). */
  departmentsPer?: number;
}

/**
 * Every stage of the catalogue filled for a dealer group (default: 12 makes, 30 sites, 8 departments
 * per site, so 240 departments and 240 opening-hours entries, 32 users). Fresh, unfrozen objects on
 * every call, as data read from the database.
 */
export function filledConfig({ locations = 30, franchises = 12, departmentsPer = 8 }: FilledConfigOptions = {}): Doc {
  return completeConfig(dealerGroup({ franchises, locations, departmentsPer }));
}

/**
 * `base` (a group's company, franchises, locations, departments and opening hours, e.g. a config
 * read from the server) with every other stage of the catalogue filled in for that group: its
 * makes, sites and departments are the ones referenced.
 * @example completeConfig(serverConfig.data).confirmation // { confirmation: { confirmed: true, ... } }
 */
export function completeConfig(base: Doc): Doc {
  const doc = filledTransactStages(filledWebsiteStages(base));
  const makes = doc.franchises.franchises as Item[];
  const sites = doc.locations.locations as Item[];
  const departments = doc.departments.departments as Item[];

  // The two group users of the website stages, plus a sales manager per site who receives every
  // enquiry of that site's departments (the departments stage requires one per department).
  const groupUsers = (doc.users.users as Record<string, unknown>[]).map((u) => ({ ...u, softwareAccess: true, training: true }));
  const siteManagers = sites.map((site, i) => ({
    id: `u${String(i + 101).padStart(4, '0')}`,
    firstName: FIRST[i % FIRST.length],
    lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
    email: `${FIRST[i % FIRST.length].toLowerCase()}.${LAST[Math.floor(i / FIRST.length) % LAST.length].toLowerCase()}${i}@demo-motors.co.uk`,
    role: 'M',
    franchises: makes.filter((_, k) => k === i % makes.length || k === (i + 1) % makes.length).map((f) => f.id),
    departments: departments.filter((d) => d.locations?.includes(site.id)).map((d) => d.id),
    receiveLeads: true,
    softwareAccess: true,
    training: i % 3 === 0,
  }));

  const regions = ['North', 'West', 'South'].slice(0, Math.max(1, Math.min(3, sites.length)));
  const per = Math.ceil(sites.length / regions.length);
  return {
    ...doc,
    users: { users: [...groupUsers, ...siteManagers], general: { catchAll: 'enquiries@demo-motors.co.uk', autoResponder: true } },
    'social-feeds': {
      group: { facebook: 'https://www.facebook.com/demomotorsgroup', twitter: 'https://twitter.com/demomotors', instagram: 'https://www.instagram.com/demomotors', youtube: 'https://www.youtube.com/@demomotors' },
      feeds: makes.map((f, i) => ({
        id: `sf${String(i + 1).padStart(3, '0')}`,
        franchises: [f.id],
        links: { facebook: `https://www.facebook.com/demomotors${i + 1}`, parent: 'https://www.facebook.com/demomotorsgroup' },
      })),
    },
    divisions: {
      divisions: regions.map((name, k) => ({
        id: `dv${k + 1}`,
        divisionName: name,
        divisionLocations: sites.slice(k * per, (k + 1) * per).map((s) => s.id),
        selected: k === 0,
      })),
    },
    'design-brief': {
      designBrief: {
        uniquePoints: ['Family run since 1972', 'Free MOT for life', 'Price promise', 'Open seven days'],
        businessFocus: ['Used car sales', 'Aftersales', 'Motability', ''],
        objectives: ['More test drive bookings', 'Online reservations', 'Service bookings online', ''],
        otherSites: true,
        sites: ['https://www.example-rival.co.uk', 'https://www.example-group.co.uk', ''],
        keywords: ['used cars Leeds', 'car servicing Yorkshire', 'Motability Leeds'],
      },
    },
    'import-feeds': {
      importFeeds: [
        { id: 'if001', provider: 'Keyloop', name: 'Used stock', fileName: 'demomotors_used.csv', email: 'stock@demo-motors.co.uk', telephone: '0113 496 0000', feedIds: '4410, 4411', franchises: makes.map((f) => f.id), rules: 'Exclude trade-only vehicles.', requirement: 'Nightly at 02:00.' },
        { id: 'if002', provider: 'AutoTrader', name: 'New stock', fileName: '', email: 'stock@demo-motors.co.uk', telephone: '', feedIds: '10042', franchises: makes.slice(0, 4).map((f) => f.id), rules: '', requirement: '' },
      ],
    },
    extras: {
      extras: [
        { name: 'Paint protection', description: 'Ceramic coating applied before handover.', price: 349, image: '', lead: true },
        { name: 'GAP insurance', description: 'Three years of cover.', price: 299, image: '', lead: true },
        { name: 'Mats and boot liner', description: '', price: 89, image: '', lead: false },
      ],
    },
    // Staff's internal pages, as applying the demo "Franchise dealer standard" layout leaves them (server/adminconfigs).
    'internal-pages': {
      layout: { id: 1, name: 'Franchise dealer standard' },
      pages: [
        { id: 'ip001', name: 'About us', template: 'about', sections: ['Our story', 'Meet the team'], notes: '' },
        { id: 'ip002', name: 'Contact us', template: 'contact', sections: ['Locations map', 'Opening hours', 'Enquiry form'], notes: '' },
      ],
    },
    confirmation: { confirmation: { confirmed: true, comments: 'Please launch the group site before the new plate month.' } },
  };
}
