// The company's region as a field of the condition builder (issue 56: "show Finance provider when
// Buying online is on and the company's region is UK"): offered as a choice of the regions a company
// may have, drawn and written back as a plain `var`, said as a phrase in each language.
import { describe, expect, it } from 'vitest';
import { COMPANY_REGIONS } from '../../../../engine';
import { createRendererI18n } from '../../../../engine/react';
import { fromJsonLogic, isUnsupported, toJsonLogic, type Group } from '../../../../src/config-admin/rules/conditionModel';
import { describeCondition, type Translate } from '../../../../src/config-admin/rules/describeCondition';
import { COMPANY_REGION_PATH, companyFields, type ConditionField } from '../../../../src/config-admin/rules/fields';
import { regionName } from '../../../../src/i18n/dataWords';

const i18n = createRendererI18n('en-GB');
const tIn = (locale: string) => i18n.getFixedT(locale, 'configAdmin') as unknown as Translate;
const fieldsIn = (locale: string): ConditionField[] => [
  { path: 'online', label: locale.startsWith('fr') ? 'Achat en ligne' : locale.startsWith('nl') ? 'Online kopen' : 'Buying online', kind: 'boolean' },
  ...companyFields((key) => tIn(locale)(key), (slug) => regionName({ slug, name: slug.toUpperCase() }, locale)),
];
const LOGIC = { and: [{ var: 'online' }, { '==': [{ var: '$company.region' }, 'uk'] }] };
const tree = (logic: unknown): Group => {
  const parsed = fromJsonLogic(logic);
  if (isUnsupported(parsed)) throw new Error(JSON.stringify(parsed));
  return parsed;
};

describe("the company's region in the condition builder", () => {
  it('is a choice of the regions a company may have, named as countries', () => {
    const [region] = companyFields((key) => tIn('en-GB')(key), (slug) => regionName({ slug, name: slug }, 'en-GB'));
    expect(region).toMatchObject({ path: COMPANY_REGION_PATH, label: "Company's region", kind: 'enum' });
    expect(region.choices?.map((c) => c.value)).toEqual([...COMPANY_REGIONS]);
    expect(region.choices?.find((c) => c.value === 'uk')?.label).toBe('United Kingdom');
    expect(region.choices?.find((c) => c.value === 'be')?.label).toBe('Belgium');
  });

  it('draws $company.region as a plain field and writes the same logic back', () => {
    expect(JSON.stringify(toJsonLogic(tree(LOGIC)))).toBe(JSON.stringify(LOGIC));
  });

  it.each([
    ['en-GB', "Show when Buying online is on and the company's region is United Kingdom"],
    ['fr-FR', "Afficher si Achat en ligne est activé et la région de l'entreprise est Royaume-Uni"],
    ['nl-NL', 'Tonen als Online kopen staat aan en de regio van het bedrijf is Verenigd Koninkrijk'],
  ])('says it as a phrase in %s', (locale, words) => {
    const fields = fieldsIn(locale);
    const text = describeCondition(tree(LOGIC), tIn(locale), (p) => fields.find((f) => f.path === p)?.label ?? p, { purpose: 'show', fieldOf: (p) => fields.find((f) => f.path === p) });
    expect(text).toBe(words);
  });

  it('has its texts in every locale', () => {
    for (const locale of ['en-GB', 'en-AU', 'en-ZA', 'fr-FR', 'fr-BE', 'nl-NL', 'nl-BE']) {
      for (const key of ['region', 'regionWords']) expect(i18n.exists(`stages.conditions.company.${key}`, { lng: locale, ns: 'configAdmin', fallbackLng: false }), `${locale} ${key}`).toBe(true);
    }
  });
});
