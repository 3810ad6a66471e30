// @vitest-environment jsdom
// "Change to…" in the structured editor (issue 56): staff turn "Franchise" from one choice into
// several without losing it; the panel says what the change means for saved answers first. The
// editor's errors are in the editor's language (here French).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldTree, nodeAt } from '../../../../src/config-admin/fields/model/tree';
import type { StageDraftValue } from '../../../../src/config-admin/fields/model/types';
import { KindSwitch } from '../../../../src/config-admin/fields/panels/KindSwitch';
import { fixedDraftStore } from '../../../../src/config-admin/fields/draftStore';
import { renderInLocale } from '../../../engine/react/renderInLocale';
import { HeldEditor } from './heldEditor';

afterEach(cleanup);

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEALER = (): StageDraftValue => ({
  file: {
    slug: 'dealer',
    title: 'configurator:stages.dealer.title',
    schema: {
      type: 'object',
      properties: {
        online: { type: 'boolean', title: 'Sells online' },
        franchise: { type: 'string', title: 'configurator:fields.dealer.franchise', enum: ['ford', 'kia'], enumLabels: 'configurator:choices.dealer.franchise', default: 'ford' },
        note: { type: 'string', title: 'Note', maxLength: 200 },
      },
      required: ['franchise'],
      visibleIf: { franchise: { var: 'online' } },
    },
    uiSchema: { online: { 'ui:widget': 'switch' }, 'ui:order': ['online', 'franchise', 'note'] },
  },
  labels: { 'en-GB': { 'fields.dealer.franchise': 'Franchise' }, 'fr-FR': { 'fields.dealer.franchise': 'Marque' } },
});

const row = (name: string) => screen.getAllByTestId('outline-row').find((r) => r.dataset.name === name)!;
const open = (name: string) => fireEvent.click(row(name).querySelector('[data-testid="outline-select"]')!);

describe('KindSwitch', { timeout: 60_000 }, () => {
  it('turns one choice into several once confirmed, saying first what happens to saved answers', () => {
    const seen: StageDraftValue[] = [];
    renderInLocale(<HeldEditor start={DEALER()} seen={seen} />);
    open('franchise');
    expect(row('franchise').dataset.kind).toBe('choice');
    const select = screen.getByTestId('kind-switch-franchise') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'multiChoice']);
    fireEvent.change(select, { target: { value: 'multiChoice' } });
    // Nothing is written before the confirm; the consequence is said in words.
    expect(seen).toHaveLength(0);
    expect(screen.getByTestId('kind-switch-effect').textContent).toContain('Saved answers are one value and this field will hold a list');
    fireEvent.click(screen.getByTestId('kind-switch-confirm'));
    expect(row('franchise').dataset.kind).toBe('multiChoice');
    const file = seen.at(-1)!.file as Obj;
    expect(file.schema.properties.franchise).toEqual({
      type: 'array',
      title: 'configurator:fields.dealer.franchise',
      items: { type: 'string', enum: ['ford', 'kia'], enumLabels: 'configurator:choices.dealer.franchise' },
      uniqueItems: true,
      enumLabels: 'configurator:choices.dealer.franchise',
      default: ['ford'],
    });
    // Its label, place, required and condition are the same.
    expect(row('franchise').textContent).toContain('Franchise');
    expect(screen.getAllByTestId('outline-row').map((r) => r.dataset.name)).toEqual(['online', 'franchise', 'note']);
    expect(file.schema.required).toEqual(['franchise']);
    expect(file.schema.visibleIf).toEqual({ franchise: { var: 'online' } });
    // And back, as it was.
    fireEvent.change(screen.getByTestId('kind-switch-franchise'), { target: { value: 'choice' } });
    fireEvent.click(screen.getByTestId('kind-switch-confirm'));
    expect(JSON.stringify(seen.at(-1)!.file)).toBe(JSON.stringify(DEALER().file));
  });

  it('a text becomes a choice only with its values', () => {
    const seen: StageDraftValue[] = [];
    renderInLocale(<HeldEditor start={DEALER()} seen={seen} />);
    open('note');
    fireEvent.change(screen.getByTestId('kind-switch-note'), { target: { value: 'choice' } });
    expect((screen.getByTestId('kind-switch-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('kind-switch-choices'), { target: { value: 'urgent\nlater\n' } });
    fireEvent.click(screen.getByTestId('kind-switch-confirm'));
    expect(row('note').dataset.kind).toBe('choice');
    expect((seen.at(-1)!.file as Obj).schema.properties.note).toEqual({ type: 'string', title: 'Note', enum: ['urgent', 'later'], enumLabels: 'configurator:choices.dealer.note' });
  });

  it('passes axe with a text about to become a choice (names, roles; colour contrast cannot be judged in jsdom)', async () => {
    const draft = DEALER();
    const { container } = renderInLocale(<KindSwitch store={fixedDraftStore(draft)} file={draft.file} node={nodeAt(fieldTree(draft.file), ['note'])!} apply={() => true} />);
    fireEvent.change(screen.getByTestId('kind-switch-note'), { target: { value: 'choice' } });
    expect(screen.getByTestId('kind-switch-effect').dataset.effect).toBe('mustBeAChoice');
    const found = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('yes / no offers no change', () => {
    renderInLocale(<HeldEditor start={DEALER()} seen={[]} />);
    open('online');
    expect(screen.queryByTestId('kind-switch-online')).toBeNull();
  });
});

describe("the editor's errors in its language", { timeout: 60_000 }, () => {
  it('says in French that the field name is taken', () => {
    const seen: StageDraftValue[] = [];
    renderInLocale(<HeldEditor start={DEALER()} seen={seen} />, 'fr-FR');
    fireEvent.click(screen.getByTestId('add-open-stage'));
    fireEvent.change(screen.getByTestId('add-stage-name'), { target: { value: 'note' } });
    fireEvent.click(screen.getByTestId('add-stage-submit'));
    expect(seen).toHaveLength(0);
    expect(screen.getByTestId('structured-problem').textContent).toBe('Il y a déjà un champ « note » ici.');
  });

  it('names kinds in French words in an error', async () => {
    const { EditError } = await import('../../../../src/config-admin/fields/model/types');
    const { editErrorText } = await import('../../../../src/config-admin/fields/editErrorText');
    const { createRendererI18n } = await import('../../../../engine/react');
    const t = createRendererI18n('fr-FR').getFixedT('fr-FR', 'configAdmin');
    expect(editErrorText(t, new EditError('kindNotOffered', { path: 'online', from: 'yesno', to: 'choice' }))).toBe(
      "« online » ne peut pas passer de « Oui / non » à « Choix » : supprimez-le et ajoutez un nouveau champ, ou modifiez-le dans l'onglet JSON.",
    );
  });
});
