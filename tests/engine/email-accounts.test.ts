/**
 * Email accounts on the config's domains: an account whose address is on none of the domains of the
 * domains stage is a warning (saving allowed), in every locale; realistic data of the demo group.
 */
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { applyRules, customOperations, updateStage, validateStage, writeStage, type ConfigDocument } from '../../engine';
import { dealerGroup } from '../../stories/support/dealerGroup';
import { filledWebsiteStages } from '../../stories/support/websiteStages';

type Account = { id: string; email: string; name: string; forwardTo?: string };
const demo = () => applyRules(filledWebsiteStages(dealerGroup({ franchises: 2, locations: 3, departmentsPer: 2 })) as ConfigDocument).doc;
const accounts = (list: Account[]) => ({ emailAccounts: list });
const warningsOf = (slug: string, data: unknown, doc: ConfigDocument, lng?: string) =>
  validateStage(slug, data, doc, { lng }).warnings.map((w) => `${w.path} ${w.key}`);

const sales: Account = { id: 'em001', email: 'sales@demo-motors.co.uk', name: 'Sales team', forwardTo: 'alex@demo-motors.test' };
const service: Account = { id: 'em002', email: 'Service@DemoMotors.com', name: 'Service desk' };
const typo: Account = { id: 'em003', email: 'parts@demo-motor.co.uk', name: 'Parts' };
const personal: Account = { id: 'em004', email: 'alex.morgan@gmail.com', name: 'Alex Morgan' };

describe('email accounts on the config’s domains (warning)', () => {
  it('accepts addresses on any of the config’s domains, whatever their case', () => {
    const doc = demo(); // domains demo-motors.co.uk and demomotors.com
    expect(warningsOf('email-accounts', accounts([sales, service]), doc)).toEqual([]);
  });

  it('warns at each address on none of them (a typing mistake, a personal mailbox), without an error', () => {
    const doc = demo();
    const r = validateStage('email-accounts', accounts([sales, typo, service, personal]), doc);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => `${w.path} ${w.key}`)).toEqual([
      '/emailAccounts/1/email validation:warning.emailDomain',
      '/emailAccounts/3/email validation:warning.emailDomain',
    ]);
    expect(r.warnings[0].message).toBe('This address is not on one of your domains (Domains)');
  });

  it('says it in every locale (French and Dutch translated)', () => {
    const doc = demo();
    const message = (lng: string) => validateStage('email-accounts', accounts([typo]), doc, { lng }).warnings[0].message;
    expect(message('fr-FR')).toBe('Cette adresse n’est sur aucun de vos noms de domaine (Noms de domaine)');
    expect(message('fr-BE')).toBe(message('fr-FR'));
    expect(message('nl-NL')).toBe('Dit adres staat niet op een van uw domeinnamen (Domeinnamen)');
    expect(message('nl-BE')).toBe(message('nl-NL'));
    for (const lng of ['en-AU', 'en-ZA']) expect(message(lng)).toBe('This address is not on one of your domains (Domains)');
  });

  it('follows the domains stage: a domain added clears the warning, one removed raises it', () => {
    const doc = demo();
    const domains = doc.domains as { domains: { id: string; domain: string; action: string; primary: boolean }[] };
    const withParts = updateStage(doc, 'domains', { ...domains, domains: [...domains.domains, { id: 'dm003', domain: 'demo-motor.co.uk', action: 'existing', primary: false }] }).doc;
    expect(warningsOf('email-accounts', accounts([typo]), withParts)).toEqual([]);
    const onlyCom = updateStage(doc, 'domains', { ...domains, domains: domains.domains.filter((d) => d.domain === 'demomotors.com') }).doc;
    expect(warningsOf('email-accounts', accounts([sales, service]), onlyCom)).toEqual(['/emailAccounts/0/email validation:warning.emailDomain']);
  });

  it('says nothing while no domain is listed, and nothing about an address not typed yet', () => {
    const { domains: _none, ...doc } = demo();
    expect(warningsOf('email-accounts', accounts([typo, personal]), doc)).toEqual([]);
    expect(warningsOf('email-accounts', accounts([{ id: 'em005', email: '', name: 'New' }]), demo())).toEqual([]);
  });

  it('never blocks saving: the server answers the warning with the stored write', () => {
    const doc = demo();
    const r = writeStage({
      config: { version: 1, doc, states: {} }, slug: 'email-accounts', data: accounts([sales, personal]),
      state: 'submitted', permissions: ['edit configs'], baseVersion: 1,
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings.map((w) => w.path)).toEqual(['/emailAccounts/1/email']);
  });
});

describe('emailDomain operation', () => {
  it('reads the domain after the last @, in lower case, and nothing from what is not an address', () => {
    expect(customOperations.emailDomain('Sales@Demo-Motors.co.uk')).toBe('demo-motors.co.uk');
    expect(customOperations.emailDomain('"a@b"@example.com ')).toBe('example.com');
    for (const v of ['', 'no-at-sign', undefined, null, 42, ['a@b.com'], { email: 'a@b.com' }]) expect(customOperations.emailDomain(v)).toBe('');
    expect(jsonLogic.apply({ emailDomain: [{ var: 'item.email' }] }, { item: { email: 'Parts@DemoMotors.com' } })).toBe('demomotors.com');
  });
});
