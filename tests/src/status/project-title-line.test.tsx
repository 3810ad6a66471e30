// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectTitleLine } from '../../../src/status/ProjectTitleLine';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

const project = (id: number, name: string) => ({ id, name, status: 'active' as const, rag: 'green' as const });

describe('a project\'s title line (issue 54)', () => {
  it('says a name the server made from the company and type in French', () => {
    renderInLocale(<ProjectTitleLine project={project(1, 'Harbour Cars Multi-franchise dealer')} company="Harbour Cars" canOpen={false} />, 'fr-FR');
    expect(screen.getByText('Harbour Cars – Concessionnaire multimarque')).toBeTruthy();
  });

  it('translates the seeded project name and keeps a staff-typed one as typed', () => {
    renderInLocale(
      <>
        <ProjectTitleLine project={project(1, 'Demo Motors website launch')} company="Demo Motors" canOpen={false} />
        <ProjectTitleLine project={project(2, 'Harbour Cars relaunch 2026')} company="Harbour Cars" canOpen={false} />
        <ProjectTitleLine project={project(3, 'Harbour Cars Stock')} company="Harbour Cars Group" canOpen={false} />
      </>,
      'fr-FR',
    );
    expect(screen.getByText('Lancement du site web de Demo Motors')).toBeTruthy();
    expect(screen.getByText('Harbour Cars relaunch 2026')).toBeTruthy();
    // Renamed company since (or typed so): not the name the server would make now.
    expect(screen.getByText('Harbour Cars Stock')).toBeTruthy();
  });

  it('keeps the made name as stored for an English reader', () => {
    renderInLocale(<ProjectTitleLine project={project(1, 'Harbour Cars JLR online service booking')} company="Harbour Cars" canOpen={false} />, 'en-GB');
    expect(screen.getByText('Harbour Cars JLR online service booking')).toBeTruthy();
  });
});
