// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TypeChip, TypeIcon } from '../../../src/tasks/TypeChip';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

describe('a task type chip (issue 54)', () => {
  it('names a seeded type in the reader\'s words and a staff-named one as named', () => {
    renderInLocale(
      <>
        <TypeChip name="Build" iconUrl={null} />
        <TypeChip name="Photography" iconUrl={null} />
        <TypeIcon name="Content" iconUrl={null} />
      </>,
      'fr-FR',
    );
    expect(screen.getByText('Développement')).toBeTruthy();
    expect(screen.getByText('Photography')).toBeTruthy();
    expect(screen.getByLabelText('Contenu')).toBeTruthy();
  });

  it('says them in Dutch', () => {
    renderInLocale(<TypeChip name="Go-live" iconUrl={null} />, 'nl-BE');
    expect(screen.getByText('Livegang')).toBeTruthy();
  });
});
