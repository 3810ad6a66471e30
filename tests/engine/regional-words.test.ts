/**
 * The regional variants are more than copies of their parent (issue 54): a dealer in South Africa
 * reads "postal code" and "Cellphone", in Australia the ABN and the credit licence, in Belgium the
 * company number (BCE) and "GSM", in the engine's messages and labels as the form shows them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engineT, loadEngineLocales } from '../../engine/validation/i18n';

beforeAll(() => loadEngineLocales(['en-AU', 'en-ZA', 'fr-FR', 'fr-BE']));

describe('regional words', () => {
  it('South Africa: postal code and cellphone; the UK keeps postcode and mobile', () => {
    expect(engineT('en-ZA')('validation:field.postcode')).toBe('must be a valid postal code');
    expect(engineT('en-ZA')('configurator:fields.mobile')).toBe('Cellphone');
    expect(engineT('en-GB')('validation:field.postcode')).toBe('must be a valid postcode');
    expect(engineT('en-GB')('configurator:fields.mobile')).toBe('Mobile');
  });

  it('Australia: the ABN for the tax number, the credit licence for the FCA', () => {
    expect(engineT('en-AU')('configurator:fields.vatNumber')).toBe('ABN (Australian Business Number)');
    expect(engineT('en-AU')('configurator:fields.fcaStatus')).toBe('Credit licence status');
    expect(engineT('en-GB')('configurator:fields.vatNumber')).toBe('VAT number');
  });

  it('Belgium: the company number (BCE) and GSM, the rest as in France', () => {
    expect(engineT('fr-BE')('configurator:fields.regNumber')).toBe("Numéro d'entreprise (BCE)");
    expect(engineT('fr-BE')('configurator:fields.mobile')).toBe('GSM');
    expect(engineT('fr-BE')('configurator:fields.postcode')).toBe(engineT('fr-FR')('configurator:fields.postcode'));
  });
});
