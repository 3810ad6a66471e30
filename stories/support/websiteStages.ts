// The stages from setup to integrations filled in as the demo dealer would, on any dealer group of
// dealerGroup.ts (ids of makes, sites and users come from it). Secrets read "set", as the API
// answers them.
import type { Doc } from './dealerGroup';

const ids = (doc: Doc, slug: string, key: string) => ((doc[slug]?.[key] as { id: string }[] | undefined) ?? []).map((i) => i.id);

/** `doc` with users and every stage of issue 8's first half filled in. */
export function filledWebsiteStages(doc: Doc): Doc {
  const makes = ids(doc, 'franchises', 'franchises');
  const sites = ids(doc, 'locations', 'locations');
  const users = [
    { id: 'u0001', firstName: 'Alex', lastName: 'Morgan', email: 'alex@demo-motors.test', role: 'M', franchises: makes.slice(0, 1), departments: [], receiveLeads: true },
    { id: 'u0002', firstName: 'Priya', lastName: 'Shah', email: 'priya@demo-motors.test', role: 'E', franchises: makes, departments: [], receiveLeads: false },
  ];
  return {
    ...doc,
    users: { users, general: {} },
    setup: {
      setup: {
        lenders: ['Close Brothers Motor Finance', 'Black Horse'],
        contact: { name: 'Alex Morgan', email: 'alex@demo-motors.test', telephone: '0113 496 0000', mobile: '07700 900123', position: 'Dealer Principal' },
      },
    },
    'global-navigation': {
      structure: {
        franchises: makes,
        items: [
          { name: 'New cars', slug: 'new-cars', topNav: true, children: [] },
          { name: 'Used cars', slug: 'used-cars', topNav: true, children: [{ name: 'Nearly new', slug: 'nearly-new' }] },
          { name: 'Servicing', slug: 'servicing', topNav: true, children: [] },
        ],
      },
    },
    design: {
      branding: { type: 'existing', name: 'Demo Motors', logo: '3f6c1d2e-8a4b-4e7f-9c1a-5b2d7e8f9a01' },
      brief: {
        action: 'Book a test drive',
        background: 'Family-run group across West Yorkshire since 1972.',
        tone: 'friendly',
        usps: ['Family run since 1972', 'Free MOT for life', 'Open seven days'],
        comments: '',
      },
      copyFranchise: makes[0] ?? '',
      franchiseOrder: [...makes].reverse(),
    },
    'colour-scheme': { colours: { source: 'custom', primary: '#0B3D91', secondary: '#F2A900', accent: '#D7263D', text: '#1B1B1B', background: '#FFFFFF', notes: '' } },
    domains: {
      domains: [
        { id: 'dm001', domain: 'demo-motors.co.uk', action: 'transfer', primary: true },
        { id: 'dm002', domain: 'demomotors.com', action: 'register', primary: false },
      ],
      ssl: true,
      registration: {
        companyName: 'Demo Motors Group Ltd',
        firstName: 'Alex',
        lastName: 'Morgan',
        telephone: '0113 496 0000',
        email: 'alex@demo-motors.test',
        address: { line1: '1 High Street', line2: 'Leeds', line3: '' },
        postcode: 'LS1 4AP',
        country: 'GB',
        noEmployees: 85,
      },
    },
    'email-accounts': {
      emailAccounts: [
        { id: 'em001', email: 'sales@demo-motors.co.uk', name: 'Sales team', forwardTo: 'alex@demo-motors.test' },
        { id: 'em002', email: 'service@demo-motors.co.uk', name: 'Service desk' },
      ],
    },
    transfer: { transfer: { required: true, currentRegistrar: '123-reg', methods: ['auth-code', 'nameservers'], defaultMethod: 'auth-code', requirement: 'The domain demo-motors.co.uk and its MX records.' } },
    'export-feeds': {
      exportFeeds: [
        { id: 'ex001', export: 'AutoTrader', label: 'AutoTrader: all sites', email: 'stock@demo-motors.test', username: 'demomotors', password: 'set', locationTags: sites, dealerIds: '10042, 10043, 10044' },
        { id: 'ex002', export: 'Motors.co.uk', label: 'Motors', email: 'stock@demo-motors.test', username: 'demo-motors', password: '', locationTags: sites.slice(0, 1), dealerIds: '55120' },
      ],
    },
    valuations: { valuations: { enabled: true, leadEmail: 'valuations@demo-motors.test', locations: sites.slice(0, 2), onVehiclePages: true, disclaimer: 'Valuations are subject to inspection.' } },
    content: {
      content: {
        type: 3,
        currentSite: 'https://www.demo-motors.co.uk',
        assets: [{ id: 'as001', name: 'Showroom photos', url: 'https://demo-motors.test/share/showroom' }],
        choices: { pcp: true, hp: true, next: false },
      },
    },
    technical: { technical: { externalIp: '203.0.113.10', itContactName: 'Sam Reid', itContactEmail: 'it@demo-motors.test', notes: '' } },
    software: {
      software: { financeProvider: 'Codeweavers', dataProvider: 'CAP HPI', reviewsProvider: 'Feefo', integrations: ['Carchat24'], additional: '', included: true },
    },
    training: { training: { format: 'onsite', locations: sites.slice(0, 1), preferredDate: '2026-03-02', attendees: users.map((u) => u.id), notes: '' } },
    'google-analytics': { gAnalytics: { type: 1, reference: 'G-4QX7T2ZK9B', confirm: true } },
    integrations: {
      integrations: [
        { id: 'in001', kind: 'crm', provider: 'Salesforce', email: 'leads@demo-motors.test', notes: '' },
        { id: 'in002', kind: 'chat', provider: 'Carchat24', endpoint: 'https://api.carchat24.com/leads', notes: '' },
      ],
    },
  };
}
