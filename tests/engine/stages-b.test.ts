/**
 * The stages from stock to confirmation (issue 8, second half): every rule and check on realistic
 * data (a three-site, two-make dealer group filled in as a dealer would), and the general engine
 * pieces they brought: keepIds, fillIfEmpty, incompleteStages, configSummary and requiredIf's $parent.
 */
import { describe, expect, it } from 'vitest';
import { applyRules, configSummary, createAjv, customOperations, getStage, updateStage, validateStage, type ConfigDocument } from '../../engine';
import { dealerGroup } from '../../stories/support/dealerGroup';
import { filledTransactStages } from '../../stories/support/transactStages';

type Item = Record<string, unknown> & { id: string };
type Obj = Record<string, unknown>;

/** Two makes (f0001, f0002), three sites (l0001-l0003), users u0001 and u0002, every stage filled. */
function filled(opts: { franchises?: number; locations?: number } = {}): ConfigDocument {
  return applyRules(filledTransactStages(dealerGroup({ franchises: opts.franchises ?? 2, locations: opts.locations ?? 3, departmentsPer: 2 })) as ConfigDocument).doc;
}
const at = (doc: ConfigDocument, slug: string) => doc[slug] as Obj;
const keysOf = (r: { errors: { path: string; key: string }[] }) => r.errors.map((e) => `${e.path} ${e.key}`);
const warningsOf = (r: { warnings: { path: string; key: string }[] }) => r.warnings.map((e) => `${e.path} ${e.key}`);
const check = (slug: string, data: unknown, doc: ConfigDocument, mode: 'draft' | 'submit' = 'submit') => validateStage(slug, data, doc, { mode });
const set = (data: Obj, key: string, patch: Obj): Obj => ({ ...data, [key]: { ...(data[key] as Obj), ...patch } });
const removeFranchise = (doc: ConfigDocument, id: string) =>
  updateStage(doc, 'franchises', { franchises: (doc.franchises.franchises as Item[]).filter((f) => f.id !== id) }).doc;
const removeLocation = (doc: ConfigDocument, id: string) =>
  updateStage(doc, 'locations', { locations: (doc.locations.locations as Item[]).filter((l) => l.id !== id) }).doc;

describe('the filled demo group', () => {
  it('passes every stage from stock to terms in submit mode (the add-on element only warns)', () => {
    const doc = filled();
    for (const slug of ['stock', 'homepage-elements', 'form-preferences', 'data-protection-officer', 'data-preference-centre', 'age-of-consent', 'marketing-preferences', 'leasing', 'rate-book', 'buying-online', 'compliance', 'part-exchange', 'delivery-collection', 'sales-recipients', 'terms']) {
      expect(keysOf(check(slug, doc[slug], doc)), slug).toEqual([]);
    }
    expect(warningsOf(check('homepage-elements', doc['homepage-elements'], doc))).toEqual(['/elements/4/element validation:warning.homepageAddOn']);
  });
});

describe('removing a franchise, a location or a user', () => {
  it('strips a removed franchise from stock, homepage elements, marketing and sales notifications', () => {
    const next = removeFranchise(filled(), 'f0001');
    expect((at(next, 'stock').stock as Obj).franchises).toEqual(['f0002']);
    expect((at(next, 'homepage-elements').elements as Item[])[3].franchises).toEqual([]);
    expect((at(next, 'marketing-preferences').marketing as Obj).franchises).toEqual(['f0002']);
    // f0002 is now the group's only make, so the notification that must name one gets it.
    expect((at(next, 'sales-recipients').recipients as Item[])[1].franchises).toEqual(['f0002']);
  });

  it('strips a removed location from stock, homepage elements, delivery and collection sites and sales notifications', () => {
    const next = removeLocation(filled(), 'l0001');
    expect((at(next, 'stock').stock as Obj).locations).toEqual(['l0002', 'l0003']);
    expect((at(next, 'homepage-elements').elements as Item[])[2].locations).toEqual(['l0002']);
    expect((at(next, 'delivery-collection').deliveryCollection as Obj).locations).toEqual(['l0002', 'l0003']);
    const recipients = at(next, 'sales-recipients').recipients as Item[];
    expect(recipients[0].locations).toEqual(['l0002', 'l0003']);
    expect(recipients[1].locations).toEqual([]);
  });

  it('strips a removed user from the buying-online recipients and every sales notification', () => {
    const doc = filled();
    const users = (doc.users.users as Item[]).filter((u) => u.id !== 'u0001');
    const next = updateStage(doc, 'users', { ...doc.users, users }).doc;
    expect(at(next, 'buying-online').recipients).toEqual([]);
    const recipients = at(next, 'sales-recipients').recipients as Item[];
    expect(recipients.map((r) => r.users)).toEqual([['u0002'], []]);
    // A notification left without a user is an error to fix, not silently dropped.
    expect(keysOf(check('sales-recipients', next['sales-recipients'], next))).toEqual(['/recipients/1/users validation:field.required']);
  });
});

describe('a sole franchise or location is selected wherever one must be picked', () => {
  it('fills stock, marketing, delivery sites and sales notifications when the group has one make and one site', () => {
    const base = filled({ franchises: 1, locations: 1 });
    let doc = updateStage(base, 'stock', { stock: { ...(base.stock.stock as Obj), locations: [], franchises: [] } }).doc;
    doc = updateStage(doc, 'delivery-collection', { deliveryCollection: { requirement: 'collection', collectionPrice: 0, locations: [] } }).doc;
    doc = updateStage(doc, 'sales-recipients', { recipients: [{ id: 'r9', events: ['order'], locations: [], franchises: [], users: ['u0001'] }] }).doc;
    doc = updateStage(doc, 'marketing-preferences', { marketing: { ...(base['marketing-preferences'].marketing as Obj), franchises: [] } }).doc;
    expect(at(doc, 'stock').stock).toMatchObject({ locations: ['l0001'], franchises: ['f0001'] });
    expect((at(doc, 'delivery-collection').deliveryCollection as Obj).locations).toEqual(['l0001']);
    expect((at(doc, 'sales-recipients').recipients as Item[])[0]).toMatchObject({ locations: ['l0001'], franchises: ['f0001'] });
    expect((at(doc, 'marketing-preferences').marketing as Obj).franchises).toEqual(['f0001']);
  });

  it('leaves the choice to the dealer when there are two, and keeps a choice already made', () => {
    const doc = filled();
    const next = updateStage(doc, 'stock', { stock: { ...(doc.stock.stock as Obj), locations: [] } }).doc;
    expect((at(next, 'stock').stock as Obj).locations).toEqual([]);
    const one = filled({ franchises: 1, locations: 1 });
    const kept = updateStage(one, 'stock', { stock: { ...(one.stock.stock as Obj), locations: ['l0001'] } }).doc;
    expect((at(kept, 'stock').stock as Obj).locations).toEqual(['l0001']);
  });
});

describe('fields that depend on each other (requiredIf, as data)', () => {
  const doc = filled();
  const bo = doc['buying-online'] as Obj;
  const payment = bo.payment as Obj;

  it('buying online: Cybersource keys are required only with Cybersource, Stripe keys only with Stripe', () => {
    const stripeEmpty = set(bo, 'payment', { stripe: { encryptedKey: '', accountEmail: '', applePayAndGooglePaySetup: false } });
    expect(keysOf(check('buying-online', stripeEmpty, doc))).toEqual([
      '/payment/stripe/encryptedKey validation:field.requiredIf',
      '/payment/stripe/accountEmail validation:field.requiredIf',
    ]);
    const cyber = set(stripeEmpty, 'payment', { provider: 'cybersource' });
    expect(keysOf(check('buying-online', cyber, doc)).sort()).toEqual(
      ['accessKey', 'encryptedKey', 'profileId', 'secretKey'].map((k) => `/payment/cybersource/${k} validation:field.requiredIf`),
    );
    const cyberFilled = set(cyber, 'payment', { cybersource: { secretKey: 'cs-secret', encryptedKey: 'cs-enc', accessKey: 'cs-access', profileId: 'DEMO-01' } });
    expect(keysOf(check('buying-online', cyberFilled, doc))).toEqual([]);
    // Drafts may leave them for later.
    expect(keysOf(check('buying-online', cyber, doc, 'draft'))).toEqual([]);
  });

  it('buying online: the deposit amount only with a deposit at level 1; at least one way to pay; an http terms link', () => {
    expect(keysOf(check('buying-online', set(bo, 'payment', { depositAmount: undefined }), doc))).toEqual(['/payment/depositAmount validation:field.requiredIf']);
    expect(keysOf(check('buying-online', set(bo, 'payment', { depositAmount: undefined, depositLevel: 2 }), doc))).toEqual([]);
    expect(keysOf(check('buying-online', set(bo, 'payment', { depositAmount: undefined, deposit: false }), doc))).toEqual([]);
    expect(keysOf(check('buying-online', set(bo, 'payment', { deposit: false, fullPayment: false, bankTransfer: false }), doc))).toEqual(['/payment validation:rule.paymentMethod']);
    expect(keysOf(check('buying-online', { ...bo, termsLink: 'www.demo-motors.co.uk/terms' }, doc))).toEqual(['/termsLink validation:generic.url']);
    expect(payment.provider).toBe('stripe');
  });

  it('buying online: the payment keys are marked secret in the stage file', () => {
    const props = (getStage('buying-online').schema.properties!.payment as { properties: Record<string, { properties: Record<string, { secret?: boolean }> }> }).properties;
    expect(props.stripe.properties.encryptedKey.secret).toBe(true);
    for (const k of ['secretKey', 'encryptedKey', 'accessKey']) expect(props.cybersource.properties[k].secret, k).toBe(true);
    expect(props.cybersource.properties.profileId.secret).toBeUndefined();
  });

  it('stock: makes are needed unless only used cars are shown', () => {
    const stock = { stock: { ...(doc.stock.stock as Obj), franchises: [] } };
    expect(keysOf(check('stock', stock, doc))).toEqual(['/stock/franchises validation:field.requiredIf']);
    expect(keysOf(check('stock', { stock: { ...stock.stock, vehicleType: 'used' } }, doc))).toEqual([]);
  });

  it('forms, preference centre, marketing, leasing, compliance, part-exchange and delivery', () => {
    const fp = doc['form-preferences'] as Obj;
    expect(keysOf(check('form-preferences', set(fp, 'formPreferences', { crmName: '' }), doc))).toEqual(['/formPreferences/crmName validation:field.requiredIf']);
    expect(keysOf(check('form-preferences', set(fp, 'formPreferences', { routing: 'central' }), doc))).toEqual(['/formPreferences/centralEmail validation:field.requiredIf']);
    expect(keysOf(check('form-preferences', set(fp, 'formPreferences', { leadFormat: 'email', crmName: '', crmEmail: '' }), doc))).toEqual([]);

    const pc = doc['data-preference-centre'] as Obj;
    expect(keysOf(check('data-preference-centre', set(pc, 'preferenceCentre', { privacyPolicyLink: 'ftp://x' }), doc))).toEqual(['/preferenceCentre/privacyPolicyLink validation:generic.url']);
    expect(keysOf(check('data-preference-centre', { preferenceCentre: { enabled: false, channels: [] } }, doc))).toEqual([]);

    const mk = doc['marketing-preferences'] as Obj;
    expect(keysOf(check('marketing-preferences', set(mk, 'marketing', { franchises: [] }), doc))).toEqual(['/marketing/franchises validation:field.requiredIf']);

    const ls = { leasing: { offered: true, types: [], provider: '', leadEmail: '' } };
    // Simple conditions expand to JSON Schema's own required; both read "must be filled in".
    expect(keysOf(check('leasing', ls, doc)).sort()).toEqual([
      '/leasing/leadEmail validation:field.required',
      '/leasing/provider validation:field.required',
      '/leasing/types validation:field.requiredIf',
    ]);
    expect(keysOf(check('leasing', { leasing: { offered: false } }, doc))).toEqual([]);

    const cp = doc.compliance as Obj;
    expect(keysOf(check('compliance', set(cp, 'compliance', { principalFirm: '' }), doc))).toEqual(['/compliance/principalFirm validation:field.requiredIf']);
    expect(keysOf(check('compliance', set(cp, 'compliance', { fcaStatus: 'notRegulated', principalFirm: '', principalFcaNumber: '', financeDisclosure: '' }), doc))).toEqual([]);

    expect(keysOf(check('part-exchange', { partExchange: { tool: 'aston_barclay' } }, doc)).sort()).toEqual(
      ['/partExchange/exchangeType', '/partExchange/leadEmail'].map((p) => `${p} validation:field.requiredIf`),
    );
    expect(keysOf(check('part-exchange', { partExchange: { tool: 'no_part_exchange' } }, doc))).toEqual([]);

    expect(keysOf(check('delivery-collection', { deliveryCollection: { requirement: 'delivery' } }, doc)).sort()).toEqual(
      ['/deliveryCollection/deliveryPrice', '/deliveryCollection/deliveryRadius'].map((p) => `${p} validation:field.requiredIf`),
    );
  });

  it('formats and limits: officer email and telephone, age of consent, duplicate homepage elements', () => {
    expect(keysOf(check('data-protection-officer', { officer: { name: 'Priya Shah', telephone: 'call me', email: 'dpo@' } }, doc)).sort()).toEqual([
      '/officer/email validation:field.email',
      '/officer/telephone validation:field.phone',
    ]);
    expect(keysOf(check('age-of-consent', { ageOfConsent: { minimumAge: 12 } }, doc))).toEqual(['/ageOfConsent/minimumAge validation:field.minimum']);
    const twice = { elements: [{ element: 1 }, { element: 1 }] };
    expect(keysOf(check('homepage-elements', twice, doc))).toEqual(['/elements/1/element validation:field.duplicate']);
  });
});

describe('terms and confirmation', () => {
  it('terms: submitting without accepting gives the spec message; a draft may wait', () => {
    const doc = filled();
    const open = { terms: { accepted: false, acceptedBy: 'Alex Morgan', position: '' } };
    const r = check('terms', open, doc);
    expect(keysOf(r)).toEqual(['/terms/accepted validation:generic.terms']);
    expect(r.errors[0].message).toBe('Please check the terms and conditions');
    expect(keysOf(check('terms', open, doc, 'draft'))).toEqual([]);
  });

  it('confirmation: refused while a required section of the config is incomplete, accepted once all are', () => {
    const doc = filled();
    const data = { confirmation: { confirmed: true, comments: '' } };
    // The demo group has no design brief and its departments have no lead recipient yet.
    expect(keysOf(check('confirmation', data, doc))).toEqual(['/confirmation/confirmed validation:rule.configIncomplete']);
    // Only the config's own stages count (a stock project has no design brief).
    const stages = ['company-information', 'key-contact', 'franchises', 'locations', 'stock', 'terms', 'confirmation'];
    expect(keysOf(validateStage('confirmation', data, doc, { stages }))).toEqual([]);
    expect(keysOf(validateStage('confirmation', { confirmation: { confirmed: false } }, doc, { stages }))).toEqual(['/confirmation/confirmed validation:rule.confirmationRequired']);
  });

  it('configSummary: each dealer stage complete, missing or invalid with its error count', () => {
    const doc = filled();
    const rows = configSummary(doc, { exclude: ['confirmation'] });
    const by = Object.fromEntries(rows.map((r) => [r.slug, r]));
    expect(by['buying-online']).toMatchObject({ status: 'complete', errors: 0, required: false });
    expect(by['design-brief']).toMatchObject({ status: 'missing', required: true });
    expect(by.departments.status).toBe('invalid');
    expect(by.departments.errors).toBeGreaterThan(0);
    expect(by.confirmation).toBeUndefined();
    // Optional stages without data are left out unless asked for.
    const bare = { 'company-information': doc['company-information'] };
    expect(configSummary(bare).some((r) => r.slug === 'leasing')).toBe(false);
    expect(configSummary(bare, { includeEmptyOptional: true }).find((r) => r.slug === 'leasing')).toMatchObject({ status: 'missing' });
  });
});

describe('general operations and keywords', () => {
  it('keepIds keeps a plain reference list (same list when nothing goes)', () => {
    const ids = Object.freeze(['l1', 'l2']);
    expect(customOperations.keepIds(ids, ['l1', 'l2', 'l3'])).toBe(ids);
    expect(customOperations.keepIds(['l1', 'gone', 'l2'], ['l1', 'l2'])).toEqual(['l1', 'l2']);
    expect(customOperations.keepIds(undefined, ['l1'])).toBeUndefined();
  });

  it('fillIfEmpty fills a missing or empty value, never a chosen one, never with null', () => {
    expect(customOperations.fillIfEmpty([], ['l1'])).toEqual(['l1']);
    expect(customOperations.fillIfEmpty(undefined, ['l1'])).toEqual(['l1']);
    const chosen = ['l2'];
    expect(customOperations.fillIfEmpty(chosen, ['l1'])).toBe(chosen);
    expect(customOperations.fillIfEmpty([], null)).toEqual([]);
  });

  it('incompleteStages names required stages without data or with errors, within the given stages', () => {
    const doc = filled();
    expect(customOperations.incompleteStages(doc, ['company-information', 'departments', 'design-brief', 'stock', 'leasing', 'confirmation'], ['confirmation'])).toEqual(['departments', 'design-brief']);
    expect(customOperations.incompleteStages(doc, ['company-information', 'stock'], [])).toEqual([]);
    expect(customOperations.incompleteStages({}, ['company-information'], [])).toEqual(['company-information']);
  });

  it('requiredIf may read the object holding this one as $parent', () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      type: 'object',
      properties: { mode: { type: 'string' }, keys: { type: 'object', properties: { key: { type: 'string' } }, requiredIf: { key: { '==': [{ var: '$parent.mode' }, 'on'] } } } },
    });
    expect(validate({ mode: 'off', keys: {} })).toBe(true);
    expect(validate({ mode: 'on', keys: {} })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'requiredIfLogic', instancePath: '/keys/key' });
    expect(validate({ mode: 'on', keys: { key: 'k' } })).toBe(true);
  });
});
