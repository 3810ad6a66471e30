// Filled data for the stages from stock to confirmation (issue 8, second half), built on any dealer
// group document (its franchise, location and user ids): stories show them filled, tests and the
// property test use them as realistic data.
import type { Doc } from './dealerGroup';

type Item = { id: string; name?: string };

/** Users of the users stage a group needs for its recipients (kept when the group has some). */
function usersOf(doc: Doc): Record<string, unknown>[] {
  const existing = (doc.users?.users as Record<string, unknown>[] | undefined) ?? [];
  if (existing.length) return existing;
  return [
    { id: 'u0001', firstName: 'Sam', lastName: 'Patel', email: 'sam.patel@demo-motors.co.uk', role: 'M', franchises: [], departments: [], receiveLeads: true, softwareAccess: true, training: false },
    { id: 'u0002', firstName: 'Jo', lastName: 'Evans', email: 'jo.evans@demo-motors.co.uk', role: 'E', franchises: [], departments: [], receiveLeads: true, softwareAccess: false, training: true },
  ];
}

/**
 * `doc` plus every stage from stock to confirmation, filled in as a real dealer group would.
 * @example filledTransactStages(demoDoc)['buying-online'].payment.provider // 'stripe'
 */
export function filledTransactStages(doc: Doc): Doc {
  const franchises = ((doc.franchises?.franchises as Item[] | undefined) ?? []).map((f) => f.id);
  const locations = ((doc.locations?.locations as Item[] | undefined) ?? []).map((l) => l.id);
  const users = usersOf(doc);
  const userIds = users.map((u) => u.id as string);
  return {
    ...doc,
    users: doc.users ?? { users, general: { catchAll: 'enquiries@demo-motors.co.uk', autoResponder: true } },
    stock: { stock: { stockType: 1, vehicleType: 'all', locations, franchises, featuredUsed: true, notes: 'Hide vehicles without photos.' } },
    'homepage-elements': {
      elements: [
        { element: 1, franchises: [], locations: [] },
        { element: 2, franchises: [], locations: [] },
        { element: 3, franchises: [], locations: locations.slice(0, 2) },
        { element: 4, franchises: franchises.slice(0, 1), locations: [] },
        { element: 13, franchises: [], locations: [], notes: 'Use the iVendi calculator.' },
      ],
    },
    'form-preferences': {
      formPreferences: { forms: ['general', 'testDrive', 'partExchange', 'finance'], leadFormat: 'crm', crmName: 'Keyloop CRM', crmEmail: 'leads@crm.demo-motors.co.uk', routing: 'department', centralEmail: '', autoResponder: true, captcha: true },
    },
    'data-protection-officer': { officer: { name: 'Priya Shah', telephone: '0113 496 0123', email: 'dpo@demo-motors.co.uk' } },
    'data-preference-centre': {
      preferenceCentre: { enabled: true, privacyPolicyLink: 'https://www.demo-motors.co.uk/privacy', channels: ['email', 'telephone', 'sms'], requestEmail: 'privacy@demo-motors.co.uk' },
    },
    'age-of-consent': { ageOfConsent: { minimumAge: 18, confirmCheckbox: true, underAgeMessage: 'You must be 18 or over to apply for finance.' } },
    'marketing-preferences': {
      marketing: { consentType: 'optIn', channels: ['email', 'sms'], statement: 'Tick to hear about offers from Demo Motors.', shareWithManufacturer: true, franchises },
    },
    leasing: {
      leasing: { offered: true, types: ['personal', 'business'], provider: 'Lex Autolease', annualMileages: [8000, 10000, 15000], termsMonths: [24, 36, 48], initialRentals: [3, 6, 9], leadEmail: 'leasing@demo-motors.co.uk' },
    },
    'rate-book': {
      rateBook: { provider: 'Lex Autolease', format: 'csv', frequency: 'monthly', contactName: 'Rates Team', contactEmail: 'rates@lex.example.co.uk', maintenanceIncluded: true },
    },
    'buying-online': {
      payment: {
        provider: 'stripe', fullPayment: true, bankTransfer: false, deposit: true, depositLevel: 1, depositAmount: 99,
        stripe: { encryptedKey: 'sk_live_51Hdemo0000000000000000', accountEmail: 'payments@demo-motors.co.uk', applePayAndGooglePaySetup: true },
        cybersource: { secretKey: '', encryptedKey: '', accessKey: '', profileId: '' },
      },
      autoE: 'yes_payments',
      termsLink: 'https://www.demo-motors.co.uk/terms',
      recipients: userIds.slice(0, 1),
      content: { intro: 'Reserve your next car online.', deposit: 'A £99 deposit holds the car for 7 days.', confirmation: 'Thank you: we will call you within one working day.' },
    },
    compliance: {
      compliance: { fcaStatus: 'appointedRepresentative', principalFirm: 'Motor Finance Principal Ltd', principalFcaNumber: '654321', financeDisclosure: 'Demo Motors is an appointed representative of Motor Finance Principal Ltd.', complaintsEmail: 'complaints@demo-motors.co.uk', accessibilityStatement: true },
    },
    'part-exchange': { partExchange: { tool: 'cap_valuations', exchangeType: 'instant', showValuation: true, leadEmail: 'px@demo-motors.co.uk' } },
    'delivery-collection': { deliveryCollection: { requirement: 'both', collectionPrice: 0, deliveryPrice: 149, deliveryRadius: 50, locations } },
    'sales-recipients': {
      recipients: [
        { id: 'r0001', events: ['reservation', 'order', 'deposit'], locations, franchises: [], users: userIds },
        { id: 'r0002', events: ['partExchange'], locations: locations.slice(0, 1), franchises: franchises.slice(0, 1), users: userIds.slice(0, 1) },
      ],
    },
    terms: { terms: { accepted: true, acceptedBy: 'Alex Morgan', position: 'Dealer Principal' } },
    confirmation: { confirmation: { confirmed: false, comments: '' } },
  };
}
