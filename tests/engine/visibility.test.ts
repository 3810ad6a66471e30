/**
 * Field visibility as data (`visibleIf`, engine/stages/visibility.ts): the buying-online stage shows
 * the chosen payment provider's fields only. A hidden field is not judged (not even its format), its
 * value is kept, and its shape is still checked (hidden data is stored).
 */
import { describe, expect, it } from 'vitest';
import { EDIT_CONFIGS, MANAGE_CONFIGS, getStage, hiddenFields, hiddenPaths, lintStageFile, validateStage, withoutHidden, writeStage, type ConfigDocument } from '../../engine';
import stageFile from '../../schemas/stages/buying-online.json';

type Obj = Record<string, unknown>;
const schema = getStage('buying-online').schema as Obj;
const company: Obj = { companyInformation: { name: 'Demo Motors', regAddress: { line1: '1 High Street' }, postcode: 'SW1A 1AA', country: 'GB', regNumber: '01234567', vatNumber: 'GB123456789' } };
const data = (provider: string, cybersource: Obj = { secretKey: '', encryptedKey: '', accessKey: '', profileId: 'not checked' }): Obj => ({
  payment: { provider, fullPayment: true, bankTransfer: false, deposit: false, stripe: { encryptedKey: 'sk', accountEmail: 'not-an-email', applePayAndGooglePaySetup: false }, cybersource },
  autoE: 'no', termsLink: 'https://demo.test/terms', recipients: ['u1'],
});
const keys = (r: { errors: { path: string; key: string }[] }) => r.errors.map((e) => `${e.path} ${e.key}`);

describe('visibleIf', () => {
  it('hides the provider not chosen', () => {
    const payment = schema.properties as Obj;
    expect(hiddenFields(payment.payment as Obj, { provider: 'stripe' })).toEqual(['cybersource']);
    expect(hiddenFields(payment.payment as Obj, { provider: 'cybersource' })).toEqual(['stripe']);
    expect(hiddenPaths(schema, data('stripe'))).toEqual(['/payment/cybersource']);
    expect(hiddenPaths(getStage('locations').schema as Obj, { locations: [] })).toEqual([]);
  });

  it('never validates a hidden field, as required or otherwise, and keeps its value', () => {
    const doc = { 'company-information': company } as ConfigDocument;
    // Stripe chosen: only the Stripe email is judged; the empty Cybersource keys are not required.
    expect(keys(validateStage('buying-online', data('stripe'), doc))).toEqual(['/payment/stripe/accountEmail validation:field.email']);
    // Cybersource chosen: the bad Stripe email is hidden now, so not an error; the Cybersource keys are.
    const cyber = validateStage('buying-online', data('cybersource'), doc);
    expect(keys(cyber).sort()).toEqual(['accessKey', 'encryptedKey', 'secretKey'].map((k) => `/payment/cybersource/${k} validation:field.requiredIf`));
    expect(((cyber.data.payment as Obj).stripe as Obj).accountEmail).toBe('not-an-email');
    expect(withoutHidden(schema, data('cybersource')).payment).not.toHaveProperty('stripe');
  });

  it('applies on the server write too, and still refuses a wrong shape inside a hidden field', () => {
    const config = { version: 1, doc: { 'company-information': company } as ConfigDocument, states: { 'company-information': 'submitted' as const } };
    const write = (d: Obj) => writeStage({ config, slug: 'buying-online', data: d, state: 'draft', permissions: [EDIT_CONFIGS, MANAGE_CONFIGS], baseVersion: 1 });
    const ok = write(data('cybersource', { secretKey: 'a', encryptedKey: 'b', accessKey: 'c', profileId: 'P1' }));
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((((ok.config.doc['buying-online'] as Obj).payment as Obj).stripe as Obj).accountEmail).toBe('not-an-email');
    const bad = write(data('stripe', { secretKey: 5 }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ path: '/payment/cybersource/secretKey', key: 'validation:field.type' });
  });

  it('is linted: a visibleIf naming an unknown property or operation fails', () => {
    const broken = structuredClone(stageFile) as unknown as { schema: { properties: { payment: Obj } } };
    broken.schema.properties.payment.visibleIf = { paypal: { nope: [1] } };
    expect(lintStageFile(broken, 'buying-online.json').join('\n')).toMatch(/visibleIf\/paypal names a property[\s\S]*unknown JSON-logic operation "nope"/);
  });
});
