// @vitest-environment jsdom
// Cascades drawn (issue 56): the franchises field of each location shows its cascades as switches
// with what each does in words, in the editor's language; turning one off removes its rule from the
// file, on writes it back; the rules list reads every rule of the stage.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stageFiles } from '../../../../engine';
import { CascadeToggles } from '../../../../src/config-admin/rules/CascadeToggles';
import { rulesOf } from '../../../../src/config-admin/rules/cascadeModel';
import { RulesList } from '../../../../src/config-admin/rules/RulesList';
import { renderInLocale } from '../../../engine/react/renderInLocale';

afterEach(cleanup);

const WORDS: Record<string, string> = {
  'configurator:stages.franchises.title': 'Franchises',
  'configurator:fields.locations': 'Locations',
  'configurator:fields.franchises': 'Franchises',
};
const words = (title: string | null) => (title ? (WORDS[title] ?? title) : '');

function Editor({ seen }: { seen: unknown[] }) {
  const [file, setFile] = useState<unknown>(stageFiles['locations']);
  return (
    <>
      <CascadeToggles
        file={file}
        path={['locations', '[]', 'franchises']}
        words={words}
        onChange={(next) => {
          seen.push(next);
          setFile(next);
        }}
      />
      <RulesList file={file} words={words} />
    </>
  );
}

describe('CascadeToggles', () => {
  it('shows the shipped strip cascade on, removes and restores its rule', () => {
    const seen: unknown[] = [];
    renderInLocale(<Editor seen={seen} />);
    const strip = screen.getByTestId('cascade-strip').querySelector('input')!;
    expect(strip.checked).toBe(true);
    expect(document.getElementById('cascade-strip-words')!.textContent).toBe('Removing an entry from “Franchises” also removes it from Locations › Franchises.');
    const before = rulesOf(stageFiles['locations']).length;
    fireEvent.click(strip);
    expect(rulesOf(seen[0]).length).toBe(before - 1);
    expect((screen.getByTestId('cascade-strip').querySelector('input') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('cascade-strip').querySelector('input')!);
    expect(rulesOf(seen[1]).length).toBe(before);
    expect(screen.getAllByTestId('rule-row').length).toBe(before);
  });

  it('reads in French', () => {
    renderInLocale(<Editor seen={[]} />, 'fr-FR');
    expect(document.getElementById('cascade-strip-words')!.textContent).toBe('Retirer une entrée de « Franchises » la retire aussi de Locations › Franchises.');
    expect(screen.getByText('Règles de cette étape')).toBeTruthy();
  });
});
