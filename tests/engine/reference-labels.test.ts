import { describe, expect, it } from 'vitest';
import { engineT, referenceLabel } from '../../engine';
import { optionsFromList } from '../../engine/react';

describe('labels of items other fields point at', () => {
  const t = engineT('en-GB');
  const source = { stage: 'locations', pointer: '/locations' };

  it('names an item by its name, and an item saved without one by its list and position, never its id', () => {
    expect(referenceLabel({ id: 'w1Xy9', name: 'Wisbech' }, 0, source, t)).toBe('Wisbech');
    expect(referenceLabel({ id: 'u2Zz1', name: '' }, 1, source, t)).toBe('Locations 2 (no name)');
    expect(referenceLabel({ id: 'u2Zz1', name: '' }, 1, source, engineT('fr-FR'))).toMatch(/ 2 \(sans nom\)$/);
  });

  it("the pickers' options use it (the departments' location picker)", () => {
    const list = [{ id: 'w1Xy9', name: 'Wisbech' }, { id: 'u2Zz1', name: '' }];
    const options = optionsFromList(list, 'id', 'name', (item, i) => referenceLabel(item, i, source, t));
    expect(options.map((o) => o.label)).toEqual(['Wisbech', 'Locations 2 (no name)']);
    expect(options.map((o) => o.label).join()).not.toContain('u2Zz1');
  });
});

describe('an item whose label is an enum named by enumLabels (a department)', () => {
  const source = { stage: 'departments', pointer: '/departments', labelKey: 'name' };
  it("reads in the reader's language in the pickers (users' and opening hours' departments) and the overview", () => {
    const sales = { id: 'd1Sal', name: 'Sales', locations: [] };
    expect(referenceLabel(sales, 0, source, engineT('en-GB'))).toBe('Sales');
    expect(referenceLabel(sales, 0, source, engineT('fr-FR'))).toBe('Ventes');
    expect(referenceLabel(sales, 0, source, engineT('nl-NL'))).toBe('Verkoop');
    expect(referenceLabel({ id: 'd2Bod', name: 'Bodyshop' }, 1, source, engineT('en-AU'))).toBe('Body shop');
  });

  it('keeps a value with no label as stored, and an item without one is still its list and position', () => {
    expect(referenceLabel({ id: 'd3Xyz', name: 'Valeting' }, 2, source, engineT('fr-FR'))).toBe('Valeting');
    expect(referenceLabel({ id: 'd3Xyz', name: '' }, 2, source, engineT('en-GB'))).toBe('Departments 3 (no name)');
  });
});
