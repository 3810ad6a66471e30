// @vitest-environment jsdom
// "Messages" in a field's panel (issue 56): each check the field has, with the portal's message in
// the editor's language until staff give it words of its own per locale; those words land in the
// draft (the key in the uiSchema, the words in the labels), and going back to the portal's message
// removes both.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldTree, nodeAt } from '../../../../src/config-admin/fields/model/tree';
import type { StageDraftValue } from '../../../../src/config-admin/fields/model/types';
import { MessagesPanel } from '../../../../src/config-admin/fields/panels/MessagesPanel';
import { useDraftStore } from '../../../../src/config-admin/fields/draftStore';
import { renderInLocale } from '../../../engine/react/renderInLocale';

afterEach(cleanup);

const KEY = 'messages.dealer.vat.pattern';

const DEALER = (): StageDraftValue => ({
  file: {
    slug: 'dealer',
    title: 'configurator:stages.dealer.title',
    schema: {
      type: 'object',
      properties: {
        vat: { type: 'string', title: 'VAT number', pattern: '^GB[0-9]{9}$', maxLength: 11 },
        note: { type: 'string', title: 'Note' },
      },
      required: ['vat'],
    },
    uiSchema: {},
  },
  labels: {},
});

/** The panel over a draft it holds, each edit recorded. */
function Held({ start, seen, path }: { start: StageDraftValue; seen: StageDraftValue[]; path: string[] }) {
  const [draft, setDraft] = useState(start);
  const store = useDraftStore(draft);
  const node = nodeAt(fieldTree(draft.file), path)!;
  return (
    <MessagesPanel
      store={store}
      file={draft.file}
      node={node}
      apply={(edit) => {
        const next = edit(draft);
        if (next !== draft) {
          seen.push(next);
          setDraft(next);
        }
        return true;
      }}
    />
  );
}

describe('MessagesPanel', { timeout: 60_000 }, () => {
  it("lists the field's checks with the portal's message in the editor's language", () => {
    renderInLocale(<Held start={DEALER()} seen={[]} path={['vat']} />, 'fr-FR');
    const panel = screen.getByTestId('messages-vat');
    expect(within(panel).getByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByTestId('message-vat-required')).toBeTruthy();
    expect(screen.getByTestId('message-vat-pattern').dataset.own).toBe('false');
    expect(screen.getByTestId('message-vat-maxLength')).toBeTruthy();
    expect(screen.queryByTestId('message-vat-minLength')).toBeNull();
    // The generic words, in French, naming the limit.
    expect(screen.getByTestId('message-vat-maxLength').textContent).toContain('11');
    expect(screen.getByTestId('message-vat-pattern').textContent).toContain('Utiliser le message du portail');
  });

  it('draws nothing for a field without checks', () => {
    renderInLocale(<Held start={DEALER()} seen={[]} path={['note']} />);
    expect(screen.queryByTestId('messages-note')).toBeNull();
  });

  it("writes a French message's key and words, shows the missing locales, and goes back to the portal's message", () => {
    const seen: StageDraftValue[] = [];
    renderInLocale(<Held start={DEALER()} seen={seen} path={['vat']} />);
    fireEvent.click(screen.getByTestId('message-portal-vat-pattern'));
    expect(seen).toHaveLength(0); // nothing is written before words are typed
    expect(screen.getByTestId('message-vat-pattern').dataset.own).toBe('true');
    fireEvent.change(screen.getByTestId('message-vat-pattern-fr-FR'), { target: { value: 'Saisissez GB suivi de 9 chiffres' } });
    const last = seen[seen.length - 1];
    expect((last.file as { uiSchema: Record<string, unknown> }).uiSchema.vat).toEqual({ 'ui:options': { messages: { pattern: `configurator:${KEY}` } } });
    expect(last.labels).toEqual({ 'fr-FR': { [KEY]: 'Saisissez GB suivi de 9 chiffres' } });
    // en-GB has no words yet: its chip says so (French is given).
    const chips = [...screen.getByTestId('message-vat-pattern-missing').querySelectorAll('[data-locale]')].map((c) => (c as HTMLElement).dataset.locale);
    expect(chips).toContain('en-GB');
    expect(chips).not.toContain('fr-FR');

    fireEvent.click(screen.getByTestId('message-portal-vat-pattern'));
    const back = seen[seen.length - 1];
    expect((back.file as { uiSchema: Record<string, unknown> }).uiSchema).toEqual({});
    expect(back.labels).toEqual({});
    expect(screen.getByTestId('message-vat-pattern').dataset.own).toBe('false');
  });

  it('lists a message left behind by a removed check, and removes it', () => {
    const start = DEALER();
    (start.file as { uiSchema: Record<string, unknown> }).uiSchema = { note: { 'ui:options': { messages: { pattern: 'configurator:messages.dealer.note.pattern' } } } };
    start.labels = { 'en-GB': { 'messages.dealer.note.pattern': 'Old words' } };
    const seen: StageDraftValue[] = [];
    renderInLocale(<Held start={start} seen={seen} path={['note']} />);
    const orphan = screen.getByTestId('message-orphan-note-pattern');
    fireEvent.click(within(orphan).getByRole('button'));
    expect((seen[0].file as { uiSchema: Record<string, unknown> }).uiSchema).toEqual({});
    expect(seen[0].labels).toEqual({});
    expect(screen.queryByTestId('messages-note')).toBeNull();
  });
});
