// The rules and checks of the stages from setup to integrations (issue 8, first half), and the
// engine side of secret fields, on a realistic small dealer group.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRules,
  lintStageFile,
  maskPatchValue,
  maskSecrets,
  stageSecretPaths,
  updateStage,
  validateStage,
  type ConfigDocument,
} from '../../engine';
import buyingOnline from '../../schemas/stages/buying-online.json';
import { group } from './fixtures';

type Item = Record<string, unknown> & { id: string };
const list = (doc: ConfigDocument, slug: string, key: string) => doc[slug][key] as Item[];
const without = (items: Item[], id: string) => items.filter((i) => i.id !== id);
const keys = (r: { errors: { key: string; path: string }[] } | { warnings: { key: string; path: string }[] }, kind: 'errors' | 'warnings' = 'errors') =>
  ((r as Record<string, { key: string; path: string }[]>)[kind] ?? []).map((e) => `${e.path} ${e.key}`);

const feed = (id: string, exportTo: string, locationTags: string[]) => ({
  id,
  export: exportTo,
  label: `${exportTo} feed`,
  email: 'stock@northgate-motors.co.uk',
  username: 'northgate',
  password: 'Pw-for-portal-41',
  locationTags,
  dealerIds: '30071',
});

/** 3 makes, 4 sites, 2 users, and every stage of this file filled in. */
function dealer(): ConfigDocument {
  const doc = group({ franchises: 3, locations: 4, departments: 8, hours: 0 });
  doc.users = {
    users: [
      { id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@northgate-motors.co.uk', role: 'M', franchises: [], departments: ['d0'] },
      { id: 'u2', firstName: 'Raj', lastName: 'Patel', email: 'raj@northgate-motors.co.uk', role: 'E', franchises: [], departments: ['d1'] },
    ],
  };
  doc['global-navigation'] = { structure: { franchises: ['f0', 'f1'], items: [{ name: 'Used cars', slug: 'used-cars', topNav: true, children: [] }] } };
  doc.design = {
    branding: { type: 'existing', name: 'Northgate Motors', logo: '7d9f3c2a-4b1e-4c8a-9f0e-2a6b5c4d3e21' },
    brief: { action: 'Book a test drive', tone: 'friendly', usps: ['Family run since 1972'], background: '', comments: '' },
    copyFranchise: 'f1',
    franchiseOrder: ['f2', 'f0', 'f1'],
  };
  doc['export-feeds'] = { exportFeeds: [feed('ef1', 'AutoTrader', ['l0', 'l1']), feed('ef2', 'Motors.co.uk', ['l1'])] };
  doc.valuations = { valuations: { enabled: true, leadEmail: 'valuations@northgate-motors.co.uk', locations: ['l0', 'l2'], onVehiclePages: true, disclaimer: '' } };
  doc.training = { training: { format: 'onsite', locations: ['l0', 'l3'], preferredDate: '2026-03-02', attendees: ['u1', 'u2'], notes: '' } };
  return applyRules(doc).doc;
}

describe('removing a franchise', () => {
  it('strips it from the site structure, the make order, and clears the copied styling', () => {
    const doc = dealer();
    const { doc: next, applied } = updateStage(doc, 'franchises', { franchises: without(list(doc, 'franchises', 'franchises'), 'f1') });
    expect((next['global-navigation'].structure as { franchises: string[] }).franchises).toEqual(['f0']);
    expect(next.design.franchiseOrder).toEqual(['f2', 'f0']);
    expect(next.design.copyFranchise).toBe('');
    expect(applied).toEqual(expect.arrayContaining(['global-navigation.strip-removed-franchises', 'design.strip-removed-franchises', 'design.clear-removed-copy-franchise']));
  });

  it('keeps the copied styling of a make that is still there', () => {
    const doc = dealer();
    const { doc: next } = updateStage(doc, 'franchises', { franchises: without(list(doc, 'franchises', 'franchises'), 'f2') });
    expect(next.design.copyFranchise).toBe('f1');
    expect(next.design.franchiseOrder).toEqual(['f0', 'f1']);
  });

  it('auto-selects a sole franchise in the site structure', () => {
    const doc = group({ franchises: 1, locations: 1, departments: 0, hours: 0 });
    doc['global-navigation'] = { structure: { franchises: [], items: [] } };
    expect((applyRules(doc).doc['global-navigation'].structure as { franchises: string[] }).franchises).toEqual(['f0']);
  });
});

describe('removing a location', () => {
  it('strips it from export feeds, valuations and training sites', () => {
    const doc = dealer();
    const { doc: next } = updateStage(doc, 'locations', { locations: without(list(doc, 'locations', 'locations'), 'l0') });
    expect(list(next, 'export-feeds', 'exportFeeds').map((f) => f.locationTags)).toEqual([['l1'], ['l1']]);
    expect((next.valuations.valuations as { locations: string[] }).locations).toEqual(['l2']);
    expect((next.training.training as { locations: string[] }).locations).toEqual(['l3']);
  });

  it('auto-selects a sole location wherever one must be picked', () => {
    const doc = group({ franchises: 1, locations: 1, departments: 0, hours: 0 });
    doc['export-feeds'] = { exportFeeds: [{ ...feed('ef1', 'AutoTrader', []) }] };
    doc.valuations = { valuations: { enabled: true, locations: [] } };
    doc.training = { training: { format: 'onsite', locations: [], attendees: [] } };
    const next = applyRules(doc).doc;
    expect(list(next, 'export-feeds', 'exportFeeds')[0].locationTags).toEqual(['l0']);
    expect((next.valuations.valuations as { locations: string[] }).locations).toEqual(['l0']);
    expect((next.training.training as { locations: string[] }).locations).toEqual(['l0']);
  });
});

describe('removing a user', () => {
  it('strips them from the training attendees', () => {
    const doc = dealer();
    const { doc: next } = updateStage(doc, 'users', { users: without(list(doc, 'users', 'users'), 'u1') });
    expect((next.training.training as { attendees: string[] }).attendees).toEqual(['u2']);
  });
});

describe('no reference dangles after random removals and additions', () => {
  /** Every reference of this file's stages: [stage, path to a list of ids or of items, item field, the list it points into]. */
  const refs = (doc: ConfigDocument) => {
    const ids = (slug: string, key: string) => new Set(list(doc, slug, key).map((i) => i.id));
    const makes = ids('franchises', 'franchises');
    const sites = ids('locations', 'locations');
    const people = ids('users', 'users');
    const at = (slug: string, key: string) => (doc[slug][key] as Record<string, string[]>);
    return [
      ['structure', at('global-navigation', 'structure').franchises, makes],
      ['make order', doc.design.franchiseOrder as string[], makes],
      ['copied make', [doc.design.copyFranchise as string].filter(Boolean), makes],
      ['valuation sites', at('valuations', 'valuations').locations, sites],
      ['training sites', at('training', 'training').locations, sites],
      ['attendees', at('training', 'training').attendees, people],
      ...list(doc, 'export-feeds', 'exportFeeds').map((f) => [`feed ${f.id}`, f.locationTags as string[], sites] as const),
    ] as const;
  };
  const lists = { franchises: 'franchises', locations: 'locations', users: 'users' } as const;
  const op = fc.record({ slug: fc.constantFrom(...(Object.keys(lists) as (keyof typeof lists)[])), remove: fc.boolean(), at: fc.nat(10) });

  it('holds for any sequence of edits to makes, sites and users', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
        let doc = dealer();
        let n = 0;
        for (const o of ops) {
          const items = list(doc, o.slug, lists[o.slug]);
          const next = o.remove ? items.filter((_, i) => i !== o.at % Math.max(items.length, 1)) : [...items, { ...items[0], id: `new${n++}` }];
          doc = updateStage(doc, o.slug, { ...doc[o.slug], [lists[o.slug]]: next }).doc;
          for (const [what, values, valid] of refs(doc)) for (const v of values) expect(valid.has(v), `${what} -> ${v}`).toBe(true);
          expect(applyRules(doc).doc).toBe(doc);
        }
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});

describe('checks', () => {
  it('export feeds: more than 5 warns of extra charges; an unknown portal warns', () => {
    const doc = dealer();
    const five = { exportFeeds: ['AutoTrader', 'Motors.co.uk', 'CarGurus', 'Heycar', 'Gumtree'].map((p, i) => feed(`e${i}`, p, ['l0'])) };
    expect(validateStage('export-feeds', five, doc).warnings).toEqual([]);
    const six = { exportFeeds: [...five.exportFeeds, feed('e5', 'Bobs Car Portal', ['l0'])] };
    const r = validateStage('export-feeds', six, doc);
    expect(r.errors).toEqual([]);
    expect(keys(r, 'warnings')).toEqual(['/exportFeeds validation:warning.exportFeeds', '/exportFeeds/5/export validation:warning.unrecognisedFeed']);
    expect(r.warnings[0].message).toBe('More than 5 export feeds carry extra charges');
  });

  it('export feeds: a site is required on submit, not in a draft', () => {
    const data = { exportFeeds: [feed('ef1', 'AutoTrader', [])] };
    expect(validateStage('export-feeds', data, {}, { mode: 'draft' }).errors).toEqual([]);
    expect(keys(validateStage('export-feeds', data, {}))).toContain('/exportFeeds/0/locationTags validation:field.required');
  });

  it('domains: no duplicate domain, a valid name, and exactly one primary', () => {
    const registration = {
      companyName: 'Northgate Motors Ltd', firstName: 'Ann', lastName: 'Lee', telephone: '0113 496 0000', email: 'ann@northgate-motors.co.uk',
      address: { line1: '1 Kirkgate' }, postcode: 'ls1 6bh', country: 'GB',
    };
    const ok = { domains: [{ id: 'd1', domain: 'northgate-motors.co.uk', action: 'transfer', primary: true }, { id: 'd2', domain: 'northgatemotors.com', action: 'register', primary: false }], ssl: true, registration };
    const r = validateStage('domains', ok, {});
    expect(r.errors).toEqual([]);
    expect((r.data.registration as { postcode: string }).postcode).toBe('LS1 6BH');
    const bad = { ...ok, domains: [...ok.domains, { id: 'd3', domain: 'northgate-motors.co.uk', action: 'existing', primary: true }, { id: 'd4', domain: 'not a domain', action: 'register' }] };
    const e = keys(validateStage('domains', bad, {}));
    expect(e).toContain('/domains/2/domain validation:field.duplicate');
    expect(e).toContain('/domains/3/domain validation:field.pattern');
    expect(e).toContain('/domains validation:rule.onePrimaryDomain');
  });

  it('email accounts: no duplicate account', () => {
    const data = { emailAccounts: [{ id: 'a1', email: 'sales@northgate-motors.co.uk', name: 'Sales' }, { id: 'a2', email: 'sales@northgate-motors.co.uk', name: 'Sales 2' }] };
    expect(keys(validateStage('email-accounts', data, {}))).toEqual(['/emailAccounts/1/email validation:field.duplicate']);
  });

  it('transfer: a sole method becomes the default; the default must be a chosen method', () => {
    const doc = applyRules({ transfer: { transfer: { required: true, currentRegistrar: '123-reg', methods: ['auth-code'] } } }).doc;
    expect((doc.transfer.transfer as { defaultMethod: string }).defaultMethod).toBe('auth-code');
    const data = { transfer: { required: true, currentRegistrar: '123-reg', methods: ['auth-code'], defaultMethod: 'nameservers' } };
    expect(keys(validateStage('transfer', data, {}))).toEqual(['/transfer/defaultMethod validation:rule.defaultMethod']);
    expect(keys(validateStage('transfer', { transfer: { required: true, methods: [] } }, {}))).toEqual(
      expect.arrayContaining(['/transfer/currentRegistrar validation:field.required', '/transfer/defaultMethod validation:field.required']),
    );
  });

  it('technical: the office IP must be IPv4', () => {
    const r = validateStage('technical', { technical: { externalIp: '203.0.113.300' } }, {});
    expect(r.errors.map((e) => e.message)).toEqual(['Must be a valid IPv4.']);
    expect(validateStage('technical', { technical: { externalIp: '203.0.113.10' } }, {}).errors).toEqual([]);
  });

  it('Google Analytics: an existing property needs its measurement id and the access confirmation', () => {
    const e = keys(validateStage('google-analytics', { gAnalytics: { type: 1, confirm: false } }, {}));
    expect(e).toEqual(expect.arrayContaining(['/gAnalytics/reference validation:field.requiredIf', '/gAnalytics/confirm validation:rule.analyticsAccess']));
    expect(validateStage('google-analytics', { gAnalytics: { type: 1, reference: 'G-4QX7T2ZK9B', confirm: true } }, {}).errors).toEqual([]);
    expect(validateStage('google-analytics', { gAnalytics: { type: 2, confirm: false } }, {}).errors).toEqual([]);
  });

  it('training: on-site training needs a site', () => {
    const data = { training: { format: 'onsite', locations: [], attendees: [] } };
    expect(keys(validateStage('training', data, {}))).toEqual(['/training/locations validation:rule.onsiteLocation']);
    expect(validateStage('training', data, {}, { mode: 'draft' }).errors).toEqual([]);
  });

  it('integrations: each needs an email address or an endpoint', () => {
    const data = { integrations: [{ id: 'i1', kind: 'crm', provider: 'Salesforce' }, { id: 'i2', kind: 'chat', provider: 'Carchat24', endpoint: 'https://api.carchat24.com/leads' }] };
    expect(keys(validateStage('integrations', data, {}))).toEqual(['/integrations/0/email validation:rule.integrationDelivery']);
  });

  it('content, colours, design and setup: fields that depend on each other', () => {
    expect(keys(validateStage('content', { content: { type: 3, assets: [], choices: {} } }, {}))).toEqual(['/content/currentSite validation:field.requiredIf']);
    expect(keys(validateStage('colour-scheme', { colours: { source: 'custom', secondary: 'teal' } }, {}))).toEqual(
      expect.arrayContaining(['/colours/primary validation:field.requiredIf', '/colours/secondary validation:field.pattern']),
    );
    expect(validateStage('colour-scheme', { colours: { source: 'custom', primary: '#0B3D91' } }, {}).errors).toEqual([]);
    const design = dealer().design;
    expect(validateStage('design', design, dealer()).errors).toEqual([]);
    expect(keys(validateStage('design', { ...design, branding: { type: 'existing', name: 'Northgate Motors' } }, {}))).toEqual(['/branding/logo validation:field.requiredIf']);
    expect(keys(validateStage('setup', { setup: { lenders: ['Close Brothers'], contact: { name: 'Ann Lee', email: 'ann@northgate', telephone: '0113 496 0000' } } }, {}))).toEqual([
      '/setup/contact/email validation:field.email',
    ]);
  });
});

describe('secret fields', () => {
  it('are found in the stage schema, through lists and nested objects', () => {
    expect(stageSecretPaths('export-feeds')).toEqual([['exportFeeds', '*', 'password']]);
    expect(stageSecretPaths('locations')).toEqual([]);
  });

  it('are masked as "set" outside the server; unchanged data keeps its identity', () => {
    const data = { exportFeeds: [feed('ef1', 'AutoTrader', ['l0']), { ...feed('ef2', 'Heycar', []), password: '' }] };
    const masked = maskSecrets('export-feeds', data);
    expect(masked.exportFeeds.map((f) => f.password)).toEqual(['set', '']);
    expect(masked.exportFeeds[1]).toBe(data.exportFeeds[1]);
    expect(maskSecrets('export-feeds', masked)).toBe(masked);
    const noSecrets = { locations: [] };
    expect(maskSecrets('locations', noSecrets)).toBe(noSecrets);
  });

  it('read "changed" in revision patches, whether the patch is the field or an item holding it', () => {
    expect(maskPatchValue(['export-feeds', 'exportFeeds', 0, 'password'], 'Pw-for-portal-41')).toBe('changed');
    expect(maskPatchValue(['export-feeds', 'exportFeeds', 1], feed('ef2', 'Heycar', []))).toMatchObject({ password: 'changed', username: 'northgate' });
    expect(JSON.stringify(maskPatchValue(['export-feeds'], { exportFeeds: [feed('ef1', 'AutoTrader', [])] }))).not.toContain('Pw-for-portal-41');
    expect(maskPatchValue(['export-feeds', 'exportFeeds', 0, 'label'], 'AutoTrader feed')).toBe('AutoTrader feed');
  });

  it('the meta-schema refuses a secret that is not a string or that a mask would fail', () => {
    const file = JSON.parse(JSON.stringify(buyingOnline));
    const stripe = file.schema.properties.payment.properties.stripe.properties;
    stripe.encryptedKey.pattern = '^sk_';
    expect(lintStageFile(file, 'buying-online.json')).toEqual([
      'buying-online.json: /schema/properties/payment/properties/stripe/properties/encryptedKey: a secret field may not have format, pattern, minLength or enum (outside the server it reads "set")',
    ]);
    stripe.encryptedKey = { type: 'number', secret: true };
    expect(lintStageFile(file, 'buying-online.json')[0]).toMatch(/encryptedKey\/type must be equal to constant/);
  });
});
