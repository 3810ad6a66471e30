// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { appResources } from '../../../src/routing/routeElements';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const resource = (name: string) => appResources.find((r) => r.name === name)!;

/**
 * Renders react-admin's route of a resource's screen (`pattern`) beside the named route it should
 * lead to (`named`, which wins where both match, as in the app) at `at`; `where` shows the address
 * the visitor ends up on.
 */
function visit(shown: ComponentType, pattern: string, named: string, at: string) {
  const Shown = shown;
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path={pattern} element={<Shown />} />
        <Route path={named} element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * react-admin's own path of a screen (a bookmark, one of react-admin's links) leads to the spec's
 * named route of the same screen: its title, guard and sidebar entry, one address per screen.
 */
describe("react-admin's paths of the app's screens", () => {
  it("a company's record opens on the spec's profile path, its query kept", () => {
    visit(resource('companies').edit as ComponentType, '/companies/:id/*', '/companies/profile/:id', '/companies/7?tab=users');
    expect(screen.getByTestId('where').textContent).toBe('/companies/profile/7?tab=users');
  });

  it("a user's and a product's records open on their named routes", () => {
    visit(resource('users').edit as ComponentType, '/users/:id/*', '/users/profile/:id', '/users/3');
    expect(screen.getByTestId('where').textContent).toBe('/users/profile/3');
    cleanup();
    visit(resource('products').edit as ComponentType, '/products/:id/*', '/products/edit/:id', '/products/12');
    expect(screen.getByTestId('where').textContent).toBe('/products/edit/12');
  });

  it("the showcases' list of react-admin (/posts) opens the showcase admin's named list", () => {
    visit(resource('posts').list as ComponentType, '/posts', '/backend/showcases', '/posts');
    expect(screen.getByTestId('where').textContent).toBe('/backend/showcases');
  });
});
