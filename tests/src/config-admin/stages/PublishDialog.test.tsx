// @vitest-environment jsdom
// The publish dialog (issue 31, issue 56): a new version of a stage asks what changed; version 1,
// which only a stage born in the editor is ever published as, says it is the stage's first publish
// (no earlier version) and asks what the stage is for, in the editor's language.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublishDialog } from '../../../../src/config-admin/stages/PublishDialog';
import { renderInLocale } from '../../../engine/react/renderInLocale';

afterEach(cleanup);

const show = (version: number, locale = 'en-GB') =>
  renderInLocale(
    <ThemeProvider theme={createTheme()}>
      <PublishDialog version={version} problems={[]} missing={[]} onClose={() => {}} onPublish={async () => {}} />
    </ThemeProvider>,
    locale,
  );
const dialog = () => screen.getByTestId('publish-dialog');

describe('PublishDialog', () => {
  it("says a born stage's version 1 is its first publish, with nothing before it", () => {
    show(1);
    expect(screen.getByRole('heading').textContent).toBe("Publish version 1: the stage's first publish");
    expect(screen.getByTestId('publish-first').textContent).toContain('there is no earlier version');
    expect(dialog().textContent).toContain('What this stage is for');
    expect(dialog().textContent).not.toMatch(/What changed|Change note/);
    expect(screen.getByTestId('publish-confirm').textContent).toBe('Publish version 1');
  });

  it('asks what changed for any later version', () => {
    show(3);
    expect(screen.getByRole('heading').textContent).toBe('Publish version 3');
    expect(screen.queryByTestId('publish-first')).toBeNull();
    expect(dialog().textContent).toContain('What changed and why');
  });

  it('speaks the editor’s language', () => {
    show(1, 'fr-FR');
    expect(screen.getByRole('heading').textContent).toBe('Publier la version 1 : la première publication de l’étape');
    expect(screen.getByTestId('publish-first').textContent).toContain('pas de version antérieure');
  });
});
