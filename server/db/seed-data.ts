// Reference data every installation has; ids that the API contract names are fixed.
import { PERMISSIONS, type Permission } from '../../contract/permissions';

/** Spec section 6: every permission seen in the product (the one list is contract/permissions.ts). */
export { PERMISSIONS };

/** Role id 1 is the default client role (new registrations get it). */
export const ROLES: Array<{ id: number; name: string; permissions: readonly Permission[] | 'all' }> = [
  { id: 1, name: 'Client', permissions: ['view agreements', 'view configs', 'edit configs', 'view media', 'view products', 'comment configs'] },
  { id: 2, name: 'Administrator', permissions: 'all' },
  {
    id: 3,
    name: 'Project Manager',
    permissions: [
      'view agreements', 'edit agreements', 'view companies', 'create companies', 'view configs', 'edit configs',
      'create configs', 'manage configs', 'view media', 'upload media', 'view products', 'list users', 'list tasks',
      'edit tasks', 'create projects', 'view project variations', 'approve project tasks', 'edit projects',
      'view projects', 'tracker reports', 'comment configs', 'review configs',
    ],
  },
  {
    id: 4,
    name: 'Account Manager',
    permissions: [
      'view agreements', 'edit agreements', 'view companies', 'create companies', 'view configs', 'create configs',
      'view media', 'view products', 'list users', 'view projects', 'view project variations', 'tracker reports',
      'comment configs',
    ],
  },
  {
    id: 5,
    name: 'Developer',
    permissions: ['view companies', 'view configs', 'edit configs', 'view media', 'upload media', 'list tasks', 'edit tasks', 'view projects'],
  },
];

export const TAXONOMIES = [
  { id: 1, name: 'Type', slug: 'type' },
  { id: 2, name: 'Region', slug: 'region' },
  { id: 3, name: 'Make', slug: 'make' },
  { id: 4, name: 'Partner', slug: 'partner' },
];

const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const TYPES = ['Franchised Dealer', 'Multi-franchise Dealer', 'Dealer Group', 'Leasing Company', 'Manufacturer', 'Independent'];
const REGIONS: Array<[string, string]> = [['UK', 'uk'], ['AU', 'au'], ['BE', 'be'], ['FR', 'fr'], ['NL', 'nl'], ['ZA', 'za'], ['USA', 'usa']];
const MAKES = [
  'Abarth', 'Alfa Romeo', 'Audi', 'BMW', 'Citroën', 'Cupra', 'Dacia', 'DS', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Jaguar',
  'Jeep', 'Kia', 'Land Rover', 'Lexus', 'Mazda', 'Mercedes-Benz', 'MG', 'MINI', 'Nissan', 'Peugeot', 'Renault', 'SEAT',
  'Škoda', 'Suzuki', 'Toyota', 'Vauxhall', 'Volkswagen', 'Volvo',
];
const PARTNERS = ['Autotrader', 'Cazoo Partner Network', 'CarGurus', 'Motors.co.uk', 'La Centrale', 'AutoScout24'];

/** Terms with fixed ids: type 1-6 (6 = Independent), region 7-13 (13 = hidden USA), make 20+, partner 60+. */
export const TERMS: Array<{ id: number; taxonomyId: number; name: string; slug: string }> = [
  ...TYPES.map((name, i) => ({ id: 1 + i, taxonomyId: 1, name, slug: slugify(name) })),
  ...REGIONS.map(([name, slug], i) => ({ id: 7 + i, taxonomyId: 2, name, slug })),
  ...MAKES.map((name, i) => ({ id: 20 + i, taxonomyId: 3, name, slug: slugify(name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) })),
  ...PARTNERS.map((name, i) => ({ id: 60 + i, taxonomyId: 4, name, slug: slugify(name) })),
];

export const DEMO_PASSWORD_DEFAULT = 'Demo-pass-2026';

/** The demo data set of the brief (exact: browser tests and later checks rely on it). */
export const DEMO_USERS = [
  // The demo's variation approver: pm@ raises a free-of-charge variation, admin@ approves it.
  { email: 'admin@demo.test', name: 'Alex Admin', roleId: 2, position: 'Administrator', focApprover: true },
  { email: 'pm@demo.test', name: 'Pat Project', roleId: 3, position: 'Project Manager' },
  { email: 'am@demo.test', name: 'Andy Account', roleId: 4, position: 'Account Manager' },
  { email: 'dealer@demo.test', name: 'Dana Dealer', roleId: 1, position: 'Dealer Principal', company: 'Demo Motors' },
  { email: 'dealer2@demo.test', name: 'Hugo Harbour', roleId: 1, position: 'Directeur', company: 'Harbour Cars' },
] as const;

export const DEMO_COMPANIES = [
  { name: 'Demo Motors', lang: 'en', stage: 'configurator', termIds: [1, 7, 23, 29, 48], contactName: 'Dana Dealer', websiteAddress: 'https://demo-motors.example' },
  { name: 'Harbour Cars', lang: 'fr', stage: 'showcase', termIds: [6, 10], contactName: 'Hugo Harbour', websiteAddress: 'https://harbour-cars.example' },
] as const;

const DEMO_COMPANY_INFORMATION = {
  companyInformation: {
    name: 'Demo Motors Ltd',
    regAddress: { line1: '1 Kirkstall Road', line2: '', line3: '' },
    postcode: 'LS3 1LH',
    country: 'GB',
    regNumber: '01234567',
    fcaRegNumber: '654321',
    vatNumber: 'GB987654321',
    icoNumber: 'ZA765432',
  },
};
const DEMO_KEY_CONTACT = {
  keyContact: { name: 'Dana Dealer', email: 'dana@demo-motors.example', telephone: '0113 496 0001', mobile: '07700 900123', position: 'Dealer Principal' },
};
const DEMO_FRANCHISES = [
  { id: 'fbmw1', name: 'BMW' },
  { id: 'fford', name: 'Ford' },
  { id: 'fvaux', name: 'Vauxhall' },
];
const DEMO_LOCATIONS = [
  { id: 'lleed', name: 'Demo Motors Leeds', address: { line1: '1 Kirkstall Road', town: 'Leeds', county: 'West Yorkshire', country: 'GB' }, postcode: 'LS3 1LH', franchises: ['fbmw1', 'fmini'] },
  { id: 'lyork', name: 'Demo Motors York', address: { line1: '20 Clifton Moor', town: 'York', country: 'GB' }, postcode: 'YO30 4XZ', franchises: ['fford', 'fvaux'] },
];

/** Departments of the two sites (Sales at both; Service in Leeds; Parts in York) with their phone lines. */
const DEMO_DEPARTMENTS = [
  { id: 'dsale', name: 'Sales', numbers: [{ label: 'Leeds showroom', number: '0113 496 0100' }, { label: 'York showroom', number: '01904 496 200' }], locations: ['lleed', 'lyork'] },
  { id: 'dserv', name: 'Service', numbers: [{ label: 'Workshop bookings', number: '0113 496 0150' }], locations: ['lleed'] },
  { id: 'dpart', name: 'Parts', numbers: [{ number: '01904 496 250' }], locations: ['lyork'] },
];
const weekday = (open: string, close: string) => ({ appt: false, dual: false, open, close });
const closed = { appt: false, dual: false };
/** Opening hours: showrooms seven days a week; the workshop weekdays, and Saturday mornings by appointment. */
const DEMO_HOURS = [
  {
    id: 'hsale',
    name: 'Showrooms',
    departments: ['dsale'],
    days: {
      monday: weekday('08:30', '19:00'), tuesday: weekday('08:30', '19:00'), wednesday: weekday('08:30', '19:00'), thursday: weekday('08:30', '19:00'),
      friday: weekday('08:30', '18:00'), saturday: weekday('09:00', '17:00'), sunday: weekday('10:30', '16:30'),
    },
  },
  {
    id: 'hserv',
    name: 'Workshop',
    departments: ['dserv'],
    days: {
      monday: weekday('07:30', '18:00'), tuesday: weekday('07:30', '18:00'), wednesday: weekday('07:30', '18:00'), thursday: weekday('07:30', '18:00'),
      friday: weekday('07:30', '17:30'), saturday: { appt: true, dual: false, open: '08:00', close: '12:00' }, sunday: closed,
    },
  },
];

/** One demo stage write, made through the engine as that user (so the data is valid and has history). */
export interface DemoStageWrite {
  by: string;
  slug: string;
  state: 'draft' | 'submitted' | 'completed';
  data: Record<string, unknown>;
}

/**
 * Demo configs. Demo Motors: company information and key contact completed, franchises (3),
 * locations (2) and departments submitted, opening hours a draft in progress, the rest untouched;
 * MINI is dropped from the franchises after the locations named it, so the history shows a cascade.
 */
export const DEMO_CONFIGS: Array<{
  name: string; company: string; designType: 'template' | 'custom' | 'franchise' | 'na'; projectType: string;
  projectManager: string; accountManager: string; createdBy: string; writes: DemoStageWrite[];
}> = [
  {
    name: 'Demo Motors website',
    company: 'Demo Motors',
    designType: 'franchise',
    projectType: 'multi-franchise-dealer',
    projectManager: 'pm@demo.test',
    accountManager: 'am@demo.test',
    createdBy: 'am@demo.test',
    writes: [
      { by: 'dealer@demo.test', slug: 'company-information', state: 'draft', data: { companyInformation: { ...DEMO_COMPANY_INFORMATION.companyInformation, regNumber: '', vatNumber: '' } } },
      { by: 'dealer@demo.test', slug: 'company-information', state: 'submitted', data: DEMO_COMPANY_INFORMATION },
      { by: 'dealer@demo.test', slug: 'key-contact', state: 'submitted', data: DEMO_KEY_CONTACT },
      { by: 'dealer@demo.test', slug: 'franchises', state: 'draft', data: { franchises: [...DEMO_FRANCHISES, { id: 'fmini', name: 'MINI' }] } },
      { by: 'dealer@demo.test', slug: 'locations', state: 'draft', data: { locations: DEMO_LOCATIONS } },
      { by: 'dealer@demo.test', slug: 'franchises', state: 'submitted', data: { franchises: DEMO_FRANCHISES } },
      { by: 'dealer@demo.test', slug: 'locations', state: 'submitted', data: { locations: DEMO_LOCATIONS.map((l) => ({ ...l, franchises: l.franchises.filter((f) => f !== 'fmini') })) } },
      { by: 'dealer@demo.test', slug: 'departments', state: 'submitted', data: { departments: DEMO_DEPARTMENTS } },
      { by: 'dealer@demo.test', slug: 'opening-hours', state: 'draft', data: { hours: DEMO_HOURS } },
      { by: 'pm@demo.test', slug: 'company-information', state: 'completed', data: DEMO_COMPANY_INFORMATION },
      { by: 'pm@demo.test', slug: 'key-contact', state: 'completed', data: DEMO_KEY_CONTACT },
    ],
  },
  {
    name: 'Harbour Cars website',
    company: 'Harbour Cars',
    designType: 'template',
    projectType: 'independent',
    projectManager: 'pm@demo.test',
    accountManager: 'am@demo.test',
    createdBy: 'am@demo.test',
    writes: [
      {
        by: 'dealer2@demo.test',
        slug: 'company-information',
        state: 'draft',
        data: { companyInformation: { name: 'Harbour Cars SARL', regAddress: { line1: '12 Quai du Port', line2: '', line3: '' }, postcode: '13002', country: 'FR', regNumber: '812 345 678', fcaRegNumber: '', vatNumber: 'FR12812345678', icoNumber: '' } },
      },
    ],
  },
];
