// @vitest-environment jsdom
// `"ui:field": "displayText"`: a value nobody types (the internal pages stage's applied layout) reads
// as a sentence under its title, never as an empty disabled input: the stage file's empty text with
// its link before anything is applied, the filled text with the value's properties afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { StageForm } from '../../../engine/react';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const hash = (path: string) => `#${path}`;

describe('the display text field', () => {
  it('shows the internal pages stage without a layout as the empty text, linking to the layouts', async () => {
    renderInLocale(<StageForm slug="internal-pages" doc={{ 'internal-pages': { pages: [] } }} linkHref={hash} />, 'en-GB');
    const text = await screen.findByTestId('internal-pages_layout__text');
    expect(text.textContent).toBe('No layout applied yet. Apply one from Internal page layouts.');
    expect(text.getAttribute('data-empty')).toBe('true');
    const link = screen.getByRole('link', { name: 'Internal page layouts' });
    expect(link.getAttribute('href')).toBe('#/backend/config-admin/internal-page-layouts');
    // The title stays; there is no input for the layout (its name or id).
    expect(screen.getByText('Layout applied')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Layout/ })).toBeNull();
  });

  it("shows an applied layout by its name, in the form's language, with the name as typed", async () => {
    renderInLocale(<StageForm slug="internal-pages" doc={{ 'internal-pages': { layout: { id: 3, name: 'Plan <link>B</link> & co' }, pages: [] } }} linkHref={hash} />, 'en-GB');
    const text = await screen.findByTestId('internal-pages_layout__text');
    expect(text.textContent).toBe('From the layout Plan <link>B</link> & co');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();

    renderInLocale(<StageForm slug="internal-pages" doc={{ 'internal-pages': { layout: { id: 3, name: 'Standaard' }, pages: [] } }} />, 'nl-NL');
    expect((await screen.findByTestId('internal-pages_layout__text')).textContent).toBe('Uit de indeling Standaard');
    cleanup();

    // Without the app's linkHref the link goes to the path itself.
    renderInLocale(<StageForm slug="internal-pages" doc={{ 'internal-pages': { pages: [] } }} />, 'fr-FR');
    const link = await screen.findByRole('link', { name: 'Mises en page internes' });
    expect(link.getAttribute('href')).toBe('/backend/config-admin/internal-page-layouts');
  });
});
