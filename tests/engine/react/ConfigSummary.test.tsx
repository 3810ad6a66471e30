// @vitest-environment jsdom
// The confirmation stage shows the dealer what is complete and what is missing across the whole
// configuration (configSummary field), and a single-make dealer sees their make, not a picker for
// it (optionsFrom's hideIfSole).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { StageForm } from '../../../engine/react';
import { applyRules, type ConfigDocument } from '../../../engine';
import { dealerGroup } from '../../../stories/support/dealerGroup';
import { filledTransactStages } from '../../../stories/support/transactStages';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

function renderStage(slug: string, doc: ConfigDocument, lng = 'en-GB') {
  return renderInLocale(<StageForm slug={slug} doc={doc} />, lng);
}
const group = (franchises: number) => applyRules(filledTransactStages(dealerGroup({ franchises, locations: 2, departmentsPer: 2 })) as ConfigDocument).doc;

describe('configSummary field (confirmation stage)', () => {
  it('lists each section as complete, not filled in yet, or with errors to fix, and says how many still need attention', async () => {
    renderStage('confirmation', group(2));
    const list = await screen.findByRole('list', { name: 'Your configuration' });
    const row = (name: string) => within(list).getByText(name).closest('li')!;
    expect(row('Buying online').textContent).toContain('Complete');
    expect(row('Design briefing').textContent).toContain('Not filled in yet');
    expect(row('Departments').textContent).toMatch(/\d+ to fix/);
    expect(row('Leasing').textContent).toContain('optional');
    expect(within(list).queryByText('Confirmation')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/required sections still need your attention/);
    // The stage's own fields follow the summary.
    expect(screen.getByLabelText('I confirm the configuration is complete and correct')).toBeTruthy();
  });

  it('speaks the form’s language', async () => {
    renderStage('confirmation', group(2), 'fr-FR');
    const list = await screen.findByRole('list', { name: 'Votre configuration' });
    expect(within(list).getByText('Achat en ligne').closest('li')!.textContent).toContain('Terminé');
  });
});

describe('optionsFrom hideIfSole', () => {
  it('shows a single-make dealer their make read-only, and a group a picker', async () => {
    renderStage('stock', group(1));
    const makes = await screen.findByLabelText(/Makes of new stock/);
    expect((makes as HTMLInputElement).readOnly).toBe(true);
    expect((makes as HTMLInputElement).value).toBe('Audi');
    cleanup();
    renderStage('stock', group(2));
    const picker = await screen.findByRole('combobox', { name: /Makes of new stock/ });
    expect(picker.textContent).toBe('Audi, BMW');
  });
});
