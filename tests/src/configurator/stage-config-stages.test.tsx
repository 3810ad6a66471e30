// @vitest-environment jsdom
// The stage page's form knows the config's own stages: the confirmation stage lists only them (a
// stage the config does not have is never "missing"), and the form's own validation asks only for
// the config's required stages, as the server does.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { StageForm, defaultEngine } from '../../../engine/react';
import { applyRules, stageCatalogue, type ConfigDocument } from '../../../engine';
import { configEngine, stageUiFor, withConfigStages } from '../../../src/configurator/stage/configStages';
import { filledConfig } from '../../../bench/config-document';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

/** A config without the design-brief stage (its project type does not have it): every other stage filled. */
function withoutDesignBrief() {
  const { 'design-brief': _gone, ...data } = filledConfig();
  const doc = applyRules(data as ConfigDocument).doc;
  const stages = stageCatalogue.map((s) => s.slug).filter((s) => s !== 'design-brief');
  return { doc, stages };
}

function renderConfirmation(doc: ConfigDocument, stages?: string[]) {
  return renderInLocale(
    stages ? (
      <StageForm slug="confirmation" doc={doc} engine={configEngine(stages)} stage={stageUiFor('confirmation', stages)} />
    ) : (
      <StageForm slug="confirmation" doc={doc} />
    ),
  );
}

describe("the confirmation stage of a config's own stages", () => {
  it('does not list a stage the config does not have as missing', async () => {
    const { doc, stages } = withoutDesignBrief();
    renderConfirmation(doc, stages);
    const list = await screen.findByRole('list', { name: 'Your configuration' });
    expect(within(list).queryByText('Design briefing')).toBeNull();
    expect(within(list).getByText('Buying online').closest('li')!.textContent).toContain('Complete');
    expect(list.querySelectorAll('[data-status="missing"], [data-status="invalid"]')).toHaveLength(0);
    expect(screen.queryByText(/required sections still need your attention/)).toBeNull();
  });

  it('without the list (every stage of the catalogue) the same config reads as incomplete', async () => {
    const { doc } = withoutDesignBrief();
    renderConfirmation(doc);
    const list = await screen.findByRole('list', { name: 'Your configuration' });
    expect(within(list).getByText('Design briefing').closest('li')!.textContent).toContain('Not filled in yet');
  });

  it("validates the final stage against the config's stages only (submitting is not blocked by a stage it lacks)", () => {
    const { doc, stages } = withoutDesignBrief();
    const keys = (r: { errors: { key: string }[] }) => r.errors.map((e) => e.key);
    expect(keys(configEngine(stages).validateStage('confirmation', doc.confirmation, doc, { mode: 'submit' }))).toEqual([]);
    expect(keys(defaultEngine.validateStage('confirmation', doc.confirmation, doc, { mode: 'submit' }))).toEqual(['validation:rule.configIncomplete']);
  });

  it('puts the list into every configSummary field, leaving other parts of the uiSchema as they were', () => {
    const other = { 'ui:widget': 'textarea' };
    const ui = { a: { 'ui:field': 'configSummary', 'ui:options': { label: false } }, b: other, c: { d: { 'ui:field': 'configSummary' } } };
    const out = withConfigStages(ui, ['terms']);
    expect(out).toEqual({
      a: { 'ui:field': 'configSummary', 'ui:options': { label: false, stages: ['terms'] } },
      b: other,
      c: { d: { 'ui:field': 'configSummary', 'ui:options': { stages: ['terms'] } } },
    });
    expect(out.b).toBe(other);
    expect(ui.a['ui:options']).toEqual({ label: false });
  });
});
